// name: facts_vector_index
// params: $group_id, $embedding, $fetch, $limit, $all, $known, $end, $moment
// returns: uuid, score (approximate nearest neighbours, best first)
CALL db.index.vector.queryRelationships('fact_embedding', $fetch, $embedding)
YIELD relationship AS r, score
WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
RETURN r.uuid AS uuid, score
ORDER BY score DESC, uuid
LIMIT $limit
