// name: schema_ledger_key
// params:
// returns: nothing; one entry per (tenant, seq): the compare-and-set guard of the chain
CREATE CONSTRAINT ledger_group_seq IF NOT EXISTS
FOR (l:LedgerEntry) REQUIRE (l.group_id, l.seq) IS UNIQUE
