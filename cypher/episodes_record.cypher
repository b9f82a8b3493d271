// name: episodes_record
// params: $group_id, $episodes (list of {props, times, entity_uuids}: the properties without
// times, the times as ISO 8601 text, graph/backends/neo4j/codec.py `wire_times`)
// returns: uuid of every episode created (with graphiti-core's `entity_edges`, filled as facts
// are recorded)
UNWIND $episodes AS e
CREATE (ep:Episodic:Episode)
SET ep = e.props, ep.entity_edges = []
SET ep.valid_at = datetime(e.times.valid_at), ep.created_at = datetime(e.times.created_at),
    ep.knowledge_time = datetime(e.times.knowledge_time)
WITH ep, e
CALL (ep, e) {
  UNWIND e.entity_uuids AS entity_uuid
  MATCH (n:Entity {uuid: entity_uuid}) WHERE n.group_id = $group_id
  CREATE (ep)-[:MENTIONS {uuid: randomUUID(), group_id: $group_id, created_at: ep.created_at}]->(n)
}
RETURN ep.uuid AS uuid
