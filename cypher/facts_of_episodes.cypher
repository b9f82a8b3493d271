// name: facts_of_episodes
// params: $group_id, $uuids (episode uuids)
// returns: fact (every record read from these episodes, in any state)
UNWIND $uuids AS id
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.episode_id = id
RETURN /*@fact_fields*/ AS fact
ORDER BY r.created_at, r.uuid
