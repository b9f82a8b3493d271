// name: entities_upsert
// params: $entities (list of {props: entity property maps without times, times: {created_at:
// ISO 8601 text}}, graph/backends/neo4j/codec.py `wire_times`)
// returns: entity (the stored properties of every entity given, new or existing; the names a
//          known one was called that it lacked, its name as given included, are added to
//          its aliases: an entity keeps the name it was first called by)
UNWIND $entities AS e
MERGE (n:Entity {group_id: e.props.group_id, normalized: e.props.normalized})
  ON CREATE SET n.uuid = e.props.uuid, n.name = e.props.name, n.type = e.props.type,
                n.aliases = e.props.aliases, n.summary = e.props.summary,
                n.created_at = datetime(e.times.created_at)
WITH n, e, coalesce(e.props.aliases, []) + [e.props.name] AS called
WITH n, reduce(out = [], a IN called |
  CASE WHEN a = n.name OR a IN coalesce(n.aliases, []) OR a IN out THEN out ELSE out + a END)
  AS added
FOREACH (flag IN CASE WHEN size(added) > 0 THEN [1] ELSE [] END |
  SET n.aliases = coalesce(n.aliases, []) + added)
RETURN n {.uuid, .group_id, .name, .normalized, .type, .aliases, .summary, .created_at} AS entity
