// name: admin_fact_tamper
// params: $group_id, $uuid, $value
// returns: uuid of the fact changed. Rewrites one fact's value in place, as an attacker with
// database access could; the ledger tests use it to prove `verify` locates the record.
MATCH ()-[r:RELATES_TO {uuid: $uuid}]->()
WHERE r.group_id = $group_id
SET r.value = $value
RETURN r.uuid AS uuid
