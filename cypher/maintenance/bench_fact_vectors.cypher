// name: bench_fact_vectors
// params: $group_id, $after, $limit
// returns: uuid, embedding: one page of the tenant's fact embeddings in uuid order, after
// $after (the scale benchmark's exact scan)
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.uuid > $after AND r.fact_embedding IS NOT NULL
RETURN r.uuid AS uuid, r.fact_embedding AS embedding
ORDER BY uuid
LIMIT $limit
