// name: export_entities
// params: $group_id, $after, $limit
// returns: record (entity properties), in uuid order after the cursor
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.uuid > $after
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS record
ORDER BY n.uuid
LIMIT $limit
