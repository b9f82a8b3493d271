// name: schema_fact_fulltext
// params:
// returns: nothing; our full-text index (CJK bigram analyzer). Its name and its property list
// differ from graphiti-core's edge_name_and_fact: Neo4j counts two full-text indexes over the same
// properties as one, so an equal list would swallow graphiti's index (docs/graphiti.md)
CREATE FULLTEXT INDEX palimpsest_fact_text IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON EACH [r.name, r.fact, r.group_id, r.value]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
