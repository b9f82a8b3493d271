// name: entities_upsert
// params: $entities (list of {props: entity property maps without times, times: {created_at:
// ISO 8601 text}}, graph/backends/neo4j/codec.py `wire_times`)
// returns: entity (the stored properties of every entity given, new or existing; the names a
//          known one was called that it lacked are added to its aliases)
UNWIND $entities AS e
MERGE (n:Entity {group_id: e.props.group_id, normalized: e.props.normalized})
  ON CREATE SET n.uuid = e.props.uuid, n.name = e.props.name, n.type = e.props.type,
                n.aliases = e.props.aliases, n.summary = e.props.summary,
                n.created_at = datetime(e.times.created_at)
WITH n, [a IN coalesce(e.props.aliases, []) WHERE a <> n.name AND NOT a IN coalesce(n.aliases, [])]
  AS added
FOREACH (flag IN CASE WHEN size(added) > 0 THEN [1] ELSE [] END |
  SET n.aliases = coalesce(n.aliases, []) + added)
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS entity
