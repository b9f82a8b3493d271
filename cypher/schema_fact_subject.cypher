// name: schema_fact_subject
// params:
// returns: nothing; serves fact reads and history of one subject
CREATE INDEX fact_subject IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.subject_key)
