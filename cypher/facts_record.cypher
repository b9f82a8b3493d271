// name: facts_record
// params: $group_id, $facts (list of {subject_uuid, object_uuid, props})
// returns: uuid of every edge created; each is also listed in its episode's `entity_edges`
// (graphiti-core's EpisodicNode field)
UNWIND $facts AS f
MATCH (s:Entity {uuid: f.subject_uuid}) WHERE s.group_id = $group_id
MATCH (o:Entity {uuid: f.object_uuid}) WHERE o.group_id = $group_id
CREATE (s)-[r:RELATES_TO]->(o)
SET r = f.props
WITH r, f
CALL (r, f) {
  MATCH (ep:Episodic {uuid: f.props.episode_id}) WHERE ep.group_id = $group_id
  SET ep.entity_edges = coalesce(ep.entity_edges, []) + r.uuid
}
RETURN r.uuid AS uuid
