// name: facts_neighbourhood
// params: $group_id, $names (normalised entity names), $hops (1 or 2), $limit, $all, $known, $end, $moment
// returns: uuid, score (1 for facts touching a named entity, 1/2 for facts one entity further)
// The walk is bounded (fragment_walk.cypher).
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.normalized IN $names
WITH collect(n) AS seeds
/*@walk*/
UNWIND [x IN near | {uuid: x.uuid, score: 1.0}] + [x IN far | {uuid: x.uuid, score: 0.5}] AS hit
RETURN hit.uuid AS uuid, hit.score AS score
ORDER BY score DESC, uuid
LIMIT $limit
