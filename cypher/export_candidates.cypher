// name: export_candidates
// params: $group_id, $after, $limit
// returns: record (uuid and the candidate as JSON in body), in uuid order
MATCH (c:Candidate)
WHERE c.group_id = $group_id AND c.uuid > $after
RETURN c {.uuid, .body} AS record
ORDER BY c.uuid
LIMIT $limit
