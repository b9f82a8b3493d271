"""Read use cases: facts now / as of / known at, hybrid recall, ledger verification."""
