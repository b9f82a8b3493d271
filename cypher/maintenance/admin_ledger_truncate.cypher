// name: admin_ledger_truncate
// params: $group_id, $keep
// returns: deleted (how many entries went). Deletes the tenant's ledger entries after the
// first $keep (0: the whole chain), as an attacker hiding recent history could.
MATCH (l:LedgerEntry)
WHERE l.group_id = $group_id AND l.seq > $keep
DELETE l
RETURN count(*) AS deleted
