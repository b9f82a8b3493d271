// name: schema_operation_id
// params:
// returns: nothing; operation event ids are unique
CREATE CONSTRAINT operation_event_id IF NOT EXISTS FOR (o:Operation) REQUIRE o.event_id IS UNIQUE
