// name: admin_delete_group
// params: $group_id, $batch
// returns: deleted (count of entities removed with their edges in this batch; call until 0)
MATCH (n:Entity)
WHERE n.group_id = $group_id
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
