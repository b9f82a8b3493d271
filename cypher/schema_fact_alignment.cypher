// name: schema_fact_alignment
// params:
// returns: nothing; serves alignment (tenant + subject + predicate)
CREATE INDEX fact_alignment IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.subject_key, r.predicate)
