// name: schema_operation_key
// params:
// returns: nothing; an idempotency key is used once per tenant
CREATE CONSTRAINT operation_idempotency IF NOT EXISTS
FOR (o:Operation) REQUIRE (o.group_id, o.idempotency_key) IS UNIQUE
