// name: facts_patch
// params: $group_id, $patches (list of {uuid, changes})
// returns: uuid of every edge changed
UNWIND $patches AS p
MATCH ()-[r:RELATES_TO {uuid: p.uuid}]->()
WHERE r.group_id = $group_id
SET r += p.changes
RETURN r.uuid AS uuid
