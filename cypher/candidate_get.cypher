// name: candidate_get
// params: $group_id, $uuid
// returns: body (the candidate as JSON)
MATCH (c:Candidate {uuid: $uuid})
WHERE c.group_id = $group_id
RETURN c.body AS body
