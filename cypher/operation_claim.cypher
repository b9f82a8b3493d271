// name: operation_claim
// params: $event_id, $now, $lease_until, $worker
// returns: operation, when still claimable after taking its write lock; else no row
MATCH (o:Operation {event_id: $event_id})
SET o._lock = true
REMOVE o._lock
WITH o
WHERE o.status = 'PENDING' OR (o.status = 'RUNNING' AND o.lease_until < $now)
SET o.status = 'RUNNING', o.attempts = o.attempts + 1, o.lease_until = $lease_until,
    o.worker = $worker, o.updated_at = $now
RETURN o {.*} AS operation
