// name: facts_neighbourhood
// params: $group_id, $names (normalised entity names), $hops (1 or 2), $limit, $all, $known, $end, $moment
// returns: uuid, score (1 for facts touching a named entity, 1/2 for facts one entity further)
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.normalized IN $names
MATCH p = (n)-[:RELATES_TO*1..2]-(:Entity)
WHERE length(p) <= $hops AND all(e IN relationships(p) WHERE e.group_id = $group_id)
WITH last(relationships(p)) AS r, length(p) AS hop
WHERE $all OR /*@time_rule*/
WITH r.uuid AS uuid, min(hop) AS hop
RETURN uuid, 1.0 / hop AS score
ORDER BY score DESC, uuid
LIMIT $limit
