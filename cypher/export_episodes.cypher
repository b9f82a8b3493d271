// name: export_episodes
// params: $group_id, $after, $limit
// returns: record (episode properties), in uuid order
MATCH (ep:Episodic)
WHERE ep.group_id = $group_id AND ep.uuid > $after
RETURN ep {.*} AS record
ORDER BY ep.uuid
LIMIT $limit
