// name: schema_entity_fulltext
// params:
// returns: nothing; graphiti-core's node index name, with the CJK (bigram) analyzer
CREATE FULLTEXT INDEX node_name_and_summary IF NOT EXISTS
FOR (n:Entity) ON EACH [n.name, n.summary, n.group_id]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
