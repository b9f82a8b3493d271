// name: erase_episode_operations
// params: $group_id, $uuids (episode uuids)
// returns: deleted (operation records whose result names one of these episodes: they hold
// the content of the records read from them)
MATCH (o:Operation)
WHERE o.group_id = $group_id AND o.result IS NOT NULL
  AND any(id IN $uuids WHERE o.result CONTAINS id)
DELETE o
RETURN count(*) AS deleted
