// name: admin_fact_delete
// params: $group_id, $uuid
// returns: deleted (0 or 1). Deletes one fact behind the service's back; the ledger tests use
// it to prove `verify` locates the missing record.
MATCH ()-[r:RELATES_TO {uuid: $uuid}]->()
WHERE r.group_id = $group_id
DELETE r
RETURN count(*) AS deleted
