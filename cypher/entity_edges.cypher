// name: entity_edges
// params: $group_id, $uuids (entity uuids), $predicate (or null), $limit, $all, $known, $end, $moment
// returns: fact, up to $limit records with an end among the entities, visible to the time
// question ($all: every record), ordered by uuid: one hop of a relational walk
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.uuid IN $uuids
MATCH (n)-[r:RELATES_TO]-(:Entity)
WHERE r.group_id = $group_id AND ($predicate IS NULL OR r.predicate = $predicate)
  AND ($all OR /*@time_rule*/)
WITH DISTINCT r
ORDER BY r.uuid
LIMIT $limit
RETURN /*@fact_fields*/ AS fact
ORDER BY fact.uuid
