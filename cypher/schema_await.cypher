// name: schema_await
// params: $seconds
// returns: nothing; waits until every index is online
CALL db.awaitIndexes($seconds)
