// name: schema_entity_uuid
// params:
// returns: nothing; entity uuids are unique
CREATE CONSTRAINT entity_uuid_unique IF NOT EXISTS FOR (n:Entity) REQUIRE n.uuid IS UNIQUE
