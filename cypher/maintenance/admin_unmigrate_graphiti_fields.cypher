// name: admin_unmigrate_graphiti_fields
// params: $group_id
// returns: removed (records of the tenant stripped of graphiti's fields, as written before
// they existed, with the migration marker). For the upgrade test only.
OPTIONAL MATCH (m:SchemaMigration {name: 'graphiti_fields'})
DELETE m
WITH count(*) AS _
CALL {
  MATCH (ep:Episodic) WHERE ep.group_id = $group_id
  REMOVE ep.entity_edges
  RETURN count(*) AS episodes
}
CALL {
  MATCH ()-[r:RELATES_TO]->() WHERE r.group_id = $group_id
  REMOVE r.reference_time
  RETURN count(*) AS facts
}
RETURN episodes + facts AS removed
