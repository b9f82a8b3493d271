// name: schema_episode_source
// params:
// returns: nothing; serves selecting a tenant's episodes by source (reprocess, forget)
CREATE INDEX episode_source IF NOT EXISTS FOR (e:Episodic) ON (e.group_id, e.source_description)
