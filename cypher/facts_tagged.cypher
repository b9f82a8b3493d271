// name: facts_tagged
// params: $group_id, $query (Lucene syntax, tenant clause included), $fetch, $limit, $all, $known, $end, $moment
// returns: uuid, score (newest first; Lucene's best $fetch matches, then by ingestion time)
CALL db.index.fulltext.queryRelationships('palimpsest_fact_words', $query, {limit: $fetch})
YIELD relationship AS r, score
WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
RETURN r.uuid AS uuid, score
ORDER BY r.created_at DESC, uuid
LIMIT $limit
