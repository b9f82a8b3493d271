// name: facts_record
// params: $group_id, $facts (list of {subject_uuid, object_uuid, props, times}: the properties
// without times, the times as ISO 8601 text or null, graph/backends/neo4j/codec.py
// `wire_times`)
// returns: uuid of every edge created; each is also listed in its episode's `entity_edges`
// (graphiti-core's EpisodicNode field)
UNWIND $facts AS f
MATCH (s:Entity {uuid: f.subject_uuid}) WHERE s.group_id = $group_id
MATCH (o:Entity {uuid: f.object_uuid}) WHERE o.group_id = $group_id
CREATE (s)-[r:RELATES_TO]->(o)
SET r = f.props
SET r.valid_at = datetime(f.times.valid_at), r.invalid_at = datetime(f.times.invalid_at),
    r.valid_end = datetime(f.times.valid_end),
    r.knowledge_time = datetime(f.times.knowledge_time), r.told_at = datetime(f.times.told_at),
    r.created_at = datetime(f.times.created_at),
    r.invalidated_at = datetime(f.times.invalidated_at),
    r.expired_at = datetime(f.times.expired_at),
    r.reference_time = datetime(f.times.reference_time)
WITH r, f
CALL (r, f) {
  MATCH (ep:Episodic {uuid: f.props.episode_id}) WHERE ep.group_id = $group_id
  SET ep.entity_edges = coalesce(ep.entity_edges, []) + r.uuid
}
RETURN r.uuid AS uuid
