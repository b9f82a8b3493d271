// name: operation_candidates
// params: $now, $limit
// returns: event_id of the oldest claimable operations (pending, or running with a lapsed lease)
// Two seeks of the (status, created_at) index, oldest first: an OR of the two states made
// Neo4j scan every operation ever logged (every write leaves one) on each claim.
CALL () {
  MATCH (o:Operation)
  WHERE o.status = 'PENDING' AND o.created_at IS NOT NULL
  RETURN o ORDER BY o.status, o.created_at LIMIT $limit
  UNION
  MATCH (o:Operation)
  WHERE o.status = 'RUNNING' AND o.created_at IS NOT NULL AND o.lease_until < $now
  RETURN o ORDER BY o.status, o.created_at LIMIT $limit
}
WITH o ORDER BY o.created_at, o.event_id LIMIT $limit
RETURN o.event_id AS event_id
