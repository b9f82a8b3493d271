// name: admin_delete_group
// params: $group_id, $batch
// returns: deleted (facts, then the tenant's nodes of every label with their remaining edges,
// removed in this batch; call until 0). Facts go first, in small batches, because each carries
// an embedding that the transaction must hold while the indexes are updated.
CALL {
  MATCH ()-[r:RELATES_TO]->()
  WHERE r.group_id = $group_id
  WITH r LIMIT $batch
  DELETE r
  RETURN count(*) AS facts
}
CALL {
  WITH facts
  MATCH (n)
  WHERE facts = 0 AND n.group_id = $group_id
    AND (n:Entity OR n:Episodic OR n:LedgerEntry OR n:Operation OR n:Candidate OR n:Action)
  WITH n LIMIT $batch
  DETACH DELETE n
  RETURN count(*) AS nodes
}
RETURN facts + nodes AS deleted
