// name: admin_delete_group
// params: $group_id, $batch
// returns: deleted (facts, then entities with their remaining edges, removed in this batch;
// call until 0). Facts go first, in small batches, because each carries an embedding that
// the transaction must hold while the indexes are updated.
CALL {
  MATCH ()-[r:RELATES_TO]->()
  WHERE r.group_id = $group_id
  WITH r LIMIT $batch
  DELETE r
  RETURN count(*) AS facts
}
CALL {
  WITH facts
  MATCH (n:Entity)
  WHERE facts = 0 AND n.group_id = $group_id
  WITH n LIMIT $batch
  DETACH DELETE n
  RETURN count(*) AS entities
}
RETURN facts + entities AS deleted
