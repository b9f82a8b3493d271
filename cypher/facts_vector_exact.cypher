// name: facts_vector_exact
// params: $group_id, $embedding, $limit, $all, $known, $end, $moment
// returns: uuid, score (exact cosine over the tenant's records, best first)
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.fact_embedding IS NOT NULL AND ($all OR /*@time_rule*/)
WITH r, vector.similarity.cosine(r.fact_embedding, $embedding) AS score
RETURN r.uuid AS uuid, score
ORDER BY score DESC, uuid
LIMIT $limit
