// name: episodes_get
// params: $group_id, $uuids
// returns: episode (properties)
MATCH (ep:Episodic)
WHERE ep.group_id = $group_id AND ep.uuid IN $uuids
RETURN /*@episode_fields*/ AS episode
