// name: admin_dump_nodes
// params:
// returns: id (element id), labels, props (every property) of every node, for upgrade fixtures
// (a small test database: no batching)
MATCH (n)
RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props
ORDER BY id
