// name: schema_fact_episode
// params:
// returns: nothing; serves finding the records read from an episode (reprocess, erasure)
CREATE INDEX fact_episode IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.episode_id)
