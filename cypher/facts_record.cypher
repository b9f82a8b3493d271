// name: facts_record
// params: $group_id, $facts (list of {subject_uuid, object_uuid, props})
// returns: uuid of every edge created
UNWIND $facts AS f
MATCH (s:Entity {uuid: f.subject_uuid}) WHERE s.group_id = $group_id
MATCH (o:Entity {uuid: f.object_uuid}) WHERE o.group_id = $group_id
CREATE (s)-[r:RELATES_TO]->(o)
SET r = f.props
RETURN r.uuid AS uuid
