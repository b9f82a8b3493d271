// name: schema_fact_fulltext
// params:
// returns: nothing; our full-text index of the facts' words (CJK bigram analyzer) over
// `search_text` (graph/textindex.py `fact_words`: text, subject, predicate, value, the words
// SQLite's keyword index reads). Its name and property list differ from graphiti-core's
// edge_name_and_fact: Neo4j counts two full-text indexes over the same properties as one, so an
// equal list would swallow graphiti's index (docs/graphiti.md)
CREATE FULLTEXT INDEX palimpsest_fact_words IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON EACH [r.search_text, r.group_id]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk', `fulltext.eventually_consistent`: false}}
