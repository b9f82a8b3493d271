"""Reads: fact queries and hybrid search latency against store size (`python -m bench.read`,
latency.py), and whether dated relation chains are stored intact and answered true over time
(`python -m bench.read.asof`)."""
