// name: erase_group
// params: $group_id, $batch
// returns: deleted (records removed in this batch: facts first, then every other node of the
// tenant but its ledger entries; call until 0)
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
  WHERE facts = 0 AND n.group_id = $group_id AND NOT n:LedgerEntry
    AND (n:Entity OR n:Episodic OR n:Candidate OR n:Operation OR n:Action)
  WITH n LIMIT $batch
  DETACH DELETE n
  RETURN count(*) AS nodes
}
RETURN facts + nodes AS deleted
