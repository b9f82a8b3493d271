"""Maintenance Cypher: resets, benchmark baselines and test probes, one query per file, loaded
by name like the runtime queries of `cypher/` but never by the service
(`graph.ports.maintenance`)."""
