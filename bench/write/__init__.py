"""Writes: `add_batch` against per-item adds, per-stage time, dedup lookup cost (`python -m
bench.write`, batch.py); one verbatim message's dedup + align (`bench.write.verbatim`); alignment
and classification per write (`bench.write.conflicts`); extraction CPU against an older checkout
(`bench.write.extract_cost`)."""
