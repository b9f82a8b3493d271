"""The storage port: one small interface per record kind, and the store that opens
transactions exposing them as roles. Methods are named in domain terms; no query text crosses.

    store.py        Store (read, transaction, ...), StoreReads / StoreTx: the roles below
    facts.py        tx.facts        get, by_signatures, aligned, find, history, ... record, patch
    entities.py     tx.entities     get, by_uuid, edges (one hop of a walk), upsert
    episodes.py     tx.episodes     get, of_source, record
    search.py       tx.search       fulltext, tagged, vector, neighbourhood, episodes, ...
    ledger.py       tx.ledger       head, entries, append
    operations.py   tx.operations   get, waiting, append, record, claim, finish
    review.py       tx.candidates   find, get, record, update;  tx.actions  of_fact, record, ...
    erasure.py      tx.erasure      group, episodes (write transactions only)
    export.py       tx.export       page
    maintenance.py  store.maintenance(): resets, baselines and probes (tests, benchmarks)

Each backend (`graph/backends/sqlite/`, `graph/backends/neo4j/`) implements every role in the
module of the same name. Every call names its tenant (`group_id`); a backend filters by it in
the query itself, so no verb can return another tenant's record.

Errors: backends raise only `graph.domain.errors` classes (`StoreUnavailable` for an outage,
`DuplicateRecord` for a unique-key collision, `LedgerHeadMoved` for a lost compare-and-set,
`NotFound`, `InvalidInput`), translated at their boundary.
"""
