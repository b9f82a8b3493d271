// name: schema_operation_queue
// params:
// returns: nothing; serves claiming the oldest pending operation
CREATE INDEX operation_queue IF NOT EXISTS FOR (o:Operation) ON (o.status, o.created_at)
