// name: schema_fact_uuid
// params:
// returns: nothing; fact uuids are unique
CREATE CONSTRAINT fact_uuid_unique IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() REQUIRE r.uuid IS UNIQUE
