// name: schema_entity_fulltext
// params:
// returns: nothing; our full-text index (CJK bigram analyzer). Its name and its property list
// differ from graphiti-core's node_name_and_summary: Neo4j counts two full-text indexes over the same
// properties as one, so an equal list would swallow graphiti's index (docs/graphiti.md)
CREATE FULLTEXT INDEX palimpsest_entity_text IF NOT EXISTS
FOR (n:Entity) ON EACH [n.name, n.summary, n.group_id, n.normalized]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
