// name: schema_fact_signature
// params:
// returns: nothing; deduplication is an index seek on this constraint
CREATE CONSTRAINT fact_signature_unique IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() REQUIRE r.signature IS UNIQUE
