// name: operation_append
// params: $props (the operation's properties)
// returns: event_id
CREATE (o:Operation)
SET o = $props
RETURN o.event_id AS event_id
