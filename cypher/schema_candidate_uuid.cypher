// name: schema_candidate_uuid
// params:
// returns: nothing; candidate uuids are unique
CREATE CONSTRAINT candidate_uuid_unique IF NOT EXISTS FOR (c:Candidate) REQUIRE c.uuid IS UNIQUE
