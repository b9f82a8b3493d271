// name: bench_raw_entities
// params: $entities (list of entity property maps)
// returns: created (count). Benchmark baseline: plain CREATE of entity nodes.
UNWIND $entities AS e
CREATE (n:Entity)
SET n = e
RETURN count(n) AS created
