// name: operation_candidates
// params: $now, $limit
// returns: event_id of the oldest claimable operations (pending, or running with a lapsed lease)
MATCH (o:Operation)
WHERE o.status = 'PENDING' OR (o.status = 'RUNNING' AND o.lease_until < $now)
RETURN o.event_id AS event_id
ORDER BY o.created_at, o.event_id
LIMIT $limit
