// name: facts_neighbourhood
// params: $group_id, $names (normalised entity names), $hops (1 or 2), $limit, $all, $known, $end, $moment
// returns: uuid, score (1 for facts touching a named entity, 1/2 for facts one entity further)
// Bounded walk: at most $limit visible facts one hop away are read; the second hop is walked
// only when the first found fewer, only through those facts' other ends, and again stops at
// $limit, so a hub (an entity on every fact of the tenant) costs no more than any other.
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.normalized IN $names
WITH collect(n) AS seeds
CALL (seeds) {
  UNWIND seeds AS n
  MATCH (n)-[r:RELATES_TO]-(m:Entity)
  WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
  WITH r, m LIMIT $limit
  RETURN collect(DISTINCT r) AS near, collect(DISTINCT m) AS reached
}
CALL (seeds, near, reached) {
  WITH seeds, near, reached WHERE $hops > 1 AND size(near) < $limit
  UNWIND reached AS m
  WITH m, near WHERE NOT m IN seeds
  MATCH (m)-[r:RELATES_TO]-(:Entity)
  WHERE r.group_id = $group_id AND NOT r IN near AND ($all OR /*@time_rule*/)
  WITH DISTINCT r LIMIT $limit
  RETURN collect(r) AS far
}
UNWIND [x IN near | {uuid: x.uuid, score: 1.0}] + [x IN far | {uuid: x.uuid, score: 0.5}] AS hit
RETURN hit.uuid AS uuid, hit.score AS score
ORDER BY score DESC, uuid
LIMIT $limit
