// name: candidates_list
// params: $group_id, $status (null: every status), $limit
// returns: body (the candidate as JSON), oldest first
MATCH (c:Candidate)
WHERE c.group_id = $group_id AND ($status IS NULL OR c.status = $status)
RETURN c.body AS body
ORDER BY c.created_at, c.uuid
LIMIT $limit
