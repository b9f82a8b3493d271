// name: erase_episode_candidates
// params: $group_id, $uuids (episode uuids)
// returns: deleted (count)
MATCH (c:Candidate)
WHERE c.group_id = $group_id AND c.status IS NOT NULL AND c.episode_id IN $uuids
DELETE c
RETURN count(*) AS deleted
