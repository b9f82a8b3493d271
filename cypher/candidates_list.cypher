// name: candidates_list
// params: $group_id, $status (null: every status), $limit
// returns: body (the candidate as JSON), oldest first
// `status IS NOT NULL` lets the (group_id, status) index answer; the optional status filter alone
// made Neo4j scan every tenant's candidates.
MATCH (c:Candidate)
WHERE c.group_id = $group_id AND c.status IS NOT NULL AND ($status IS NULL OR c.status = $status)
RETURN c.body AS body
ORDER BY c.created_at, c.uuid
LIMIT $limit
