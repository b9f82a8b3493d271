// name: operation_finish
// params: $event_id, $changes, $attempts, $worker
// returns: event_id, when the operation is still RUNNING under this claim (this worker, this
// attempt), after taking its write lock; else no row (the caller's lease was lost). The lock
// is taken before the check, so a claim by another worker cannot slip between them.
MATCH (o:Operation {event_id: $event_id})
SET o._lock = true
REMOVE o._lock
WITH o
WHERE o.status = 'RUNNING' AND o.attempts = $attempts AND o.worker = $worker
SET o += $changes
RETURN o.event_id AS event_id
