// name: admin_wipe
// params: $batch
// returns: deleted (relationships, then nodes, removed in this batch; call until 0). For tests
// and resets. Relationships go first, in small batches: a node with thousands of facts that
// carry embeddings would not fit one transaction's memory.
CALL {
  MATCH ()-[r]->()
  WITH r LIMIT $batch
  DELETE r
  RETURN count(*) AS edges
}
CALL {
  WITH edges
  MATCH (n)
  WHERE edges = 0
  WITH n LIMIT $batch
  DETACH DELETE n
  RETURN count(*) AS nodes
}
RETURN edges + nodes AS deleted
