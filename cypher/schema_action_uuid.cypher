// name: schema_action_uuid
// params:
// returns: nothing; action uuids are unique
CREATE CONSTRAINT action_uuid_unique IF NOT EXISTS FOR (a:Action) REQUIRE a.uuid IS UNIQUE
