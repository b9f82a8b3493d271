// name: schema_fact_bearing
// params:
// returns: nothing; serves the alignment of one value of a multi-valued predicate
//   (tenant + subject + predicate + scope + value: facts_bearing)
CREATE INDEX fact_bearing IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON (r.group_id, r.subject_key, r.predicate, r.scope, r.value_key)
