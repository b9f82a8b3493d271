// name: entities_by_uuid
// params: $group_id, $uuids
// returns: entity, the tenant's entities with these uuids
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.uuid IN $uuids
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS entity
ORDER BY entity.uuid
