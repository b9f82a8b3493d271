// name: operation_finish
// params: $event_id, $changes
// returns: event_id, when the operation exists
MATCH (o:Operation {event_id: $event_id})
SET o += $changes
RETURN o.event_id AS event_id
