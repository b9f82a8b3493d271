"""Moved to `bench.runner`; kept for the recall, "who" and notary benchmarks until they move."""

from bench.runner.stores import drop_group, open_store
from bench.runner.timing import percentile

__all__ = ["drop_group", "open_store", "percentile"]
