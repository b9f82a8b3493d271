// name: search_records
// params: $group_id, $facts (fact uuids), $episodes (episode uuids), $sources (read the facts' source episodes?)
// returns: one row: facts (the tenant's records among $facts, without embeddings), episodes
// (the tenant's episodes among $episodes), told (every record read from those episodes,
// oldest first), sources (with $sources: the episodes the facts were read from)
// A search's candidates in one round trip (graph/search_reads.py): facts_get, episodes_get,
// facts_of_episodes and episodes_get of the facts' sources.
CALL () {
  UNWIND $facts AS id
  MATCH ()-[r:RELATES_TO {uuid: id}]->()
  WHERE r.group_id = $group_id
  RETURN collect(/*@fact_fields*/) AS facts
}
CALL () {
  MATCH (ep:Episodic)
  WHERE ep.group_id = $group_id AND ep.uuid IN $episodes
  RETURN collect(/*@episode_fields*/) AS episodes
}
CALL () {
  UNWIND $episodes AS id
  MATCH ()-[r:RELATES_TO]->()
  WHERE r.group_id = $group_id AND r.episode_id = id
  WITH r
  ORDER BY r.created_at, r.uuid
  RETURN collect(/*@fact_fields*/) AS told
}
CALL (facts) {
  UNWIND [f IN facts WHERE $sources | coalesce(f.episodes, []) + [x IN [f.episode_id] WHERE x IS NOT NULL]]
    AS ids
  UNWIND ids AS id
  WITH DISTINCT id
  MATCH (ep:Episodic)
  WHERE ep.group_id = $group_id AND ep.uuid = id
  RETURN collect(/*@episode_fields*/) AS sources
}
RETURN facts, episodes, told, sources
