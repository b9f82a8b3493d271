// name: admin_load_nodes
// params: $nodes
// returns: i, id (the element id each listed node got, by its position in $nodes). Loads an
// upgrade fixture's nodes as an earlier version wrote them: labels and properties as given
UNWIND range(0, size($nodes) - 1) AS i
WITH i, $nodes[i] AS node
CREATE (n:$(node.labels))
SET n = node.props
RETURN i, elementId(n) AS id
