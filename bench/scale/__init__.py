"""Scale: reads, search, writes and memory at 1k to 1M facts, as ratios of one run (`python -m
bench.scale`, sizes.py, each size measured by probe.py in its own process).

corpus.py makes the records, stores.py keeps one store per size and backend (base.py: what a
backend must do; neo4j_store.py; importer.py builds the Neo4j stores in bulk), knn.py scores
nearest neighbours strict and tie-aware, embedded_recall.py the embedded vector index alone."""
