// name: ledger_entries
// params: $group_id, $after_seq, $limit
// returns: entry, in seq order
MATCH (l:LedgerEntry)
WHERE l.group_id = $group_id AND l.seq > $after_seq
RETURN l {.*} AS entry
ORDER BY l.seq
LIMIT $limit
