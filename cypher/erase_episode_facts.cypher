// name: erase_episode_facts
// params: $group_id, $uuids (episode uuids)
// returns: deleted (count), touched (uuids of the entities at either end)
MATCH (s:Entity)-[r:RELATES_TO]->(o:Entity)
WHERE r.group_id = $group_id AND r.episode_id IN $uuids
WITH r, s.uuid AS subject, o.uuid AS object
DELETE r
RETURN count(*) AS deleted, collect(subject) + collect(object) AS touched
