// name: erase_episode_nodes
// params: $group_id, $uuids (episode uuids)
// returns: deleted (count), touched (uuids of the entities they mentioned)
MATCH (ep:Episodic)
WHERE ep.group_id = $group_id AND ep.uuid IN $uuids
OPTIONAL MATCH (ep)-[:MENTIONS]->(m:Entity)
WITH ep, collect(m.uuid) AS mentioned
DETACH DELETE ep
RETURN count(*) AS deleted, reduce(all = [], x IN collect(mentioned) | all + x) AS touched
