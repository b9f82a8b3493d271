// name: admin_dump_edges
// params:
// returns: source, target (element ids), type, props of every relationship, for upgrade
// fixtures (a small test database: no batching)
MATCH (a)-[r]->(b)
RETURN elementId(a) AS source, elementId(b) AS target, type(r) AS type, properties(r) AS props
ORDER BY source, target, type
