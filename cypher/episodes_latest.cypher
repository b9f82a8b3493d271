// name: episodes_latest
// params: $group_id, $at (ISO 8601 text), $limit
// returns: episode (properties) of the tenant's $limit episodes observed at or before $at, the
// latest first (the turns a new turn follows; index palimpsest_episode_time)
MATCH (ep:Episodic)
WHERE ep.group_id = $group_id AND ep.valid_at <= datetime($at)
RETURN /*@episode_fields*/ AS episode
ORDER BY ep.valid_at DESC, ep.created_at DESC
LIMIT $limit
