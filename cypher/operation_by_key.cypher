// name: operation_by_key
// params: $group_id, $idempotency_key
// returns: operation
MATCH (o:Operation)
WHERE o.group_id = $group_id AND o.idempotency_key = $idempotency_key
RETURN o {.*} AS operation
