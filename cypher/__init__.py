"""Cypher queries, one per file, loaded by name by graph.backends.neo4j.queries."""
