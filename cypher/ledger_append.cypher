// name: ledger_append
// params: $entries (list of entry property maps, in seq order)
// returns: seq of every entry created (the (group_id, seq) constraint rejects a lost race)
UNWIND $entries AS e
CREATE (l:LedgerEntry)
SET l = e
RETURN l.seq AS seq
