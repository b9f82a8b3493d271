// fragment: walk (included where a query says /*@walk*/, after `WITH ... AS seeds`)
// params: $group_id, $hops (1 or 2), $limit, and the time_rule's
// Bounded walk from `seeds` (entity nodes): at most $limit visible facts one hop away (`near`);
// the second hop only when the first found fewer, only through those facts' other ends, again at
// most $limit (`far`), so a hub (an entity on every fact of the tenant) costs no more than any
// other. Leaves `near` and `far` (lists of fact edges).
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
