"""Storage backends behind `graph.ports.Store`: the embedded SQLite default and Neo4j."""
