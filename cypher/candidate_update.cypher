// name: candidate_update
// params: $group_id, $uuid, $status, $body
// returns: uuid, when the candidate exists in the tenant
MATCH (c:Candidate {uuid: $uuid})
WHERE c.group_id = $group_id
SET c.status = $status, c.body = $body
RETURN c.uuid AS uuid
