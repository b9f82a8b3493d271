// name: admin_ledger_tamper
// params: $group_id, $seq, $action
// returns: seq of the entry changed. Rewrites one ledger entry's action in place, as an
// attacker with database access could; the conformance suite uses it to prove `verify` finds it.
MATCH (l:LedgerEntry)
WHERE l.group_id = $group_id AND l.seq = $seq
SET l.action = $action
RETURN l.seq AS seq
