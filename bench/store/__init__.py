"""The storage port: batch write against raw insertion and lookup latency (`python -m bench.store`,
port.py); Neo4j's vector index settings (`bench.store.vectors`), what the index costs a batch
(`bench.store.neo4j_batch`) and the first minute after a cold start (`bench.store.warmup`)."""
