// name: schema_episode_time
// params:
// returns: nothing; episodes by tenant and observation time (the turns around a turn)
CREATE INDEX palimpsest_episode_time IF NOT EXISTS FOR (e:Episodic) ON (e.group_id, e.valid_at)
