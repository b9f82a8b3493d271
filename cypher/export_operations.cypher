// name: export_operations
// params: $group_id, $after, $limit
// returns: record (operation properties), in event id order
MATCH (o:Operation)
WHERE o.group_id = $group_id AND o.event_id > $after
RETURN o {.*} AS record
ORDER BY o.event_id
LIMIT $limit
