// name: schema_entity_key
// params:
// returns: nothing; one entity per (tenant, normalised name), so MERGE cannot race
CREATE CONSTRAINT entity_group_normalized IF NOT EXISTS
FOR (n:Entity) REQUIRE (n.group_id, n.normalized) IS UNIQUE
