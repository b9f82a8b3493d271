// name: episodes_of_source
// params: $group_id, $source, $limit
// returns: episode (properties), oldest first
MATCH (ep:Episodic)
WHERE ep.group_id = $group_id AND ep.source_description = $source
RETURN /*@episode_fields*/ AS episode
ORDER BY ep.created_at, ep.uuid
LIMIT $limit
