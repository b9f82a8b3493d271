// name: bench_fulltext_top
// params: $group_id, $query
// returns: uuid (zero or one row): the tenant's fact the full-text index ranks first for a
// Lucene query, with no fetch limit (the scale benchmark's full bm25 baseline)
CALL db.index.fulltext.queryRelationships('palimpsest_fact_words', $query)
YIELD relationship AS r, score
WHERE r.group_id = $group_id
RETURN r.uuid AS uuid
ORDER BY score DESC, uuid
LIMIT 1
