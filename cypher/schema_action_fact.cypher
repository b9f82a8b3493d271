// name: schema_action_fact
// params:
// returns: nothing; serves rollback's lookup of the actions about one record
CREATE INDEX action_fact IF NOT EXISTS FOR (a:Action) ON (a.group_id, a.fact_id)
