// name: schema_fact_fulltext
// params:
// returns: nothing; graphiti-core's edge index name, with the CJK (bigram) analyzer
CREATE FULLTEXT INDEX edge_name_and_fact IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON EACH [r.name, r.fact, r.group_id]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
