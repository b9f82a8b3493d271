// name: schema_episode_uuid
// params:
// returns: nothing; episode uuids are unique (graphiti-core's Episodic label)
CREATE CONSTRAINT episode_uuid_unique IF NOT EXISTS FOR (e:Episodic) REQUIRE e.uuid IS UNIQUE
