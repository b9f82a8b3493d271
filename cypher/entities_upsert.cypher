// name: entities_upsert
// params: $entities (list of entity property maps)
// returns: entity (the stored properties of every entity given, new or existing; the names a
//          known one was called that it lacked are added to its aliases)
UNWIND $entities AS e
MERGE (n:Entity {group_id: e.group_id, normalized: e.normalized})
  ON CREATE SET n.uuid = e.uuid, n.name = e.name, n.type = e.type, n.aliases = e.aliases,
                n.summary = e.summary, n.created_at = e.created_at
WITH n, [a IN coalesce(e.aliases, []) WHERE a <> n.name AND NOT a IN coalesce(n.aliases, [])]
  AS added
FOREACH (flag IN CASE WHEN size(added) > 0 THEN [1] ELSE [] END |
  SET n.aliases = coalesce(n.aliases, []) + added)
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS entity
