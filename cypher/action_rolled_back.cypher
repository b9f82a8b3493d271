// name: action_rolled_back
// params: $group_id, $uuid, $at
// returns: uuid, when the action exists in the tenant
MATCH (a:Action {uuid: $uuid})
WHERE a.group_id = $group_id
SET a.rolled_back_at = $at
RETURN a.uuid AS uuid
