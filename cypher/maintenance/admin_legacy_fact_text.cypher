// name: admin_legacy_fact_text
// params:
// returns: nothing; recreates the full-text index our schema made before it was named apart
// from graphiti-core's (graphiti's name, cjk analyzer). For the upgrade test only.
CREATE FULLTEXT INDEX edge_name_and_fact IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON EACH [r.name, r.fact, r.group_id]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
