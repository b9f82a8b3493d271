// name: facts_fulltext
// params: $group_id, $query (Lucene syntax, tenant clause included), $fetch, $limit, $all, $known, $end, $moment
// returns: uuid, score (best first)
CALL db.index.fulltext.queryRelationships('palimpsest_fact_words', $query, {limit: $fetch})
YIELD relationship AS r, score
WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
RETURN r.uuid AS uuid, score
ORDER BY score DESC, uuid
LIMIT $limit
