// name: erase_orphans
// params: $group_id, $uuids (entity uuids)
// returns: deleted (entities that no fact and no episode refers to any more)
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.uuid IN $uuids AND NOT (n)--()
DELETE n
RETURN count(*) AS deleted
