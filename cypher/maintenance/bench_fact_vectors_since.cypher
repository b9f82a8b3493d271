// name: bench_fact_vectors_since
// params: $group_id, $since
// returns: uuid, embedding of the tenant's facts created after $since (the scale benchmark's
// exact scan: the records its writes added beside the generated ones, whose vectors it holds)
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.created_at > $since AND r.fact_embedding IS NOT NULL
RETURN r.uuid AS uuid, r.fact_embedding AS embedding
