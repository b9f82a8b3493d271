// name: schema_fact_group
// params:
// returns: nothing; serves tenant-wide reads
CREATE INDEX fact_group IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.group_id)
