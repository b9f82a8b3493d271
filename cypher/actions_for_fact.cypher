// name: actions_for_fact
// params: $group_id, $fact_id
// returns: action (body and rolled_back_at), oldest first
MATCH (a:Action)
WHERE a.group_id = $group_id AND a.fact_id = $fact_id
RETURN a {.body, .rolled_back_at} AS action
ORDER BY a.at, a.uuid
