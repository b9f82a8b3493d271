// name: admin_load_edges
// params: $edges
// returns: loaded (relationships made). Loads an upgrade fixture's relationships between nodes
// already loaded ($edges: source and target element ids, type, props)
UNWIND $edges AS edge
MATCH (a) WHERE elementId(a) = edge.source
MATCH (b) WHERE elementId(b) = edge.target
CREATE (a)-[r:$(edge.type)]->(b)
SET r = edge.props
RETURN count(r) AS loaded
