// name: bench_attach_embeddings
// params: $group_id, $rows (list of {uuid, embedding})
// returns: attached (count). Deferred embedding writes, for the vector benchmark: facts are
// recorded without their embedding, which a second statement sets afterwards.
UNWIND $rows AS row
MATCH ()-[r:RELATES_TO {uuid: row.uuid}]->()
WHERE r.group_id = $group_id
SET r.fact_embedding = row.embedding
RETURN count(r) AS attached
