// name: ledger_head
// params: $group_id
// returns: entry (the last of the tenant's chain), or no row
// `seq >= 0` and the ORDER BY on both keys let the (group_id, seq) constraint's index return
// the last entry directly: without them Neo4j scanned every ledger entry of every tenant.
MATCH (l:LedgerEntry)
WHERE l.group_id = $group_id AND l.seq >= 0
RETURN l {.*} AS entry
ORDER BY l.group_id DESC, l.seq DESC
LIMIT 1
