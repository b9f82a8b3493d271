// name: migration_graphiti_fields
// params: $batch
// returns: updated (records given the fields graphiti-core reads, in this batch; call until 0):
// episodes written before they carried `entity_edges` get the uuids of the facts read from
// them, facts written before they carried `reference_time` get their knowledge time.
// graphiti's own records (no Episode label, no knowledge_time) are left alone.
CALL {
  MATCH (ep:Episodic:Episode)
  WHERE ep.entity_edges IS NULL
  WITH ep LIMIT $batch
  CALL (ep) {
    OPTIONAL MATCH ()-[r:RELATES_TO]->()
    WHERE r.group_id = ep.group_id AND r.episode_id = ep.uuid
    RETURN collect(r.uuid) AS ids
  }
  SET ep.entity_edges = ids
  RETURN count(*) AS episodes
}
CALL {
  MATCH ()-[r:RELATES_TO]->()
  WHERE r.reference_time IS NULL AND r.knowledge_time IS NOT NULL
  WITH r LIMIT $batch
  SET r.reference_time = r.knowledge_time
  RETURN count(*) AS facts
}
RETURN episodes + facts AS updated
