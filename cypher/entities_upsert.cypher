// name: entities_upsert
// params: $entities (list of entity property maps)
// returns: entity (the stored properties of every entity given, new or existing)
UNWIND $entities AS e
MERGE (n:Entity {group_id: e.group_id, normalized: e.normalized})
  ON CREATE SET n.uuid = e.uuid, n.name = e.name, n.type = e.type, n.aliases = e.aliases,
                n.summary = e.summary, n.created_at = e.created_at
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS entity
