// name: operation_get
// params: $event_id
// returns: operation
MATCH (o:Operation {event_id: $event_id})
RETURN o {.*} AS operation
