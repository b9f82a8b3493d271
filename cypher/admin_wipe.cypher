// name: admin_wipe
// params: $batch
// returns: deleted (count of nodes removed in this batch; call until 0). For tests and resets.
MATCH (n)
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
