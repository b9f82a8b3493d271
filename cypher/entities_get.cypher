// name: entities_get
// params: $group_id, $names (normalised names)
// returns: entity
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.normalized IN $names
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS entity
