// name: ledger_head
// params: $group_id
// returns: entry (the last of the tenant's chain), or no row
MATCH (l:LedgerEntry)
WHERE l.group_id = $group_id
RETURN l {.*} AS entry
ORDER BY l.seq DESC
LIMIT 1
