// name: export_facts
// params: $group_id, $after, $limit
// returns: record (every fact property, the embedding included), in uuid order
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.uuid > $after
RETURN r {.*} AS record
ORDER BY r.uuid
LIMIT $limit
