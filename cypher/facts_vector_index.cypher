// name: facts_vector_index
// params: $group_id, $embedding, $fetch, $rescore, $limit, $all, $known, $end, $moment
// returns: uuid, score (approximate nearest neighbours, best first, by their exact cosine)
// The best `$rescore` of the index's `$fetch` candidates are re-ranked by the exact cosine of
// their stored vectors: the index scores (and orders) them by its quantised copies.
CALL db.index.vector.queryRelationships('fact_embedding', $fetch, $embedding)
YIELD relationship AS r, score AS approximate
WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
WITH r, approximate
ORDER BY approximate DESC, r.uuid
LIMIT $rescore
WITH r, vector.similarity.cosine(r.fact_embedding, $embedding) AS score
RETURN r.uuid AS uuid, score
ORDER BY score DESC, uuid
LIMIT $limit
