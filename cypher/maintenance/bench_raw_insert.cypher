// name: bench_raw_insert
// params: $facts (list of {subject_uuid, object_uuid, props})
// returns: created (count). The benchmark's baseline: the same edges as facts_record, with no
// port, no model validation and no tenant checks: the store's own insertion limit.
UNWIND $facts AS f
MATCH (s:Entity {uuid: f.subject_uuid})
MATCH (o:Entity {uuid: f.object_uuid})
CREATE (s)-[r:RELATES_TO]->(o)
SET r = f.props
RETURN count(r) AS created
