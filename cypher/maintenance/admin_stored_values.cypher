// name: admin_stored_values
// params:
// returns: values (the properties of one node or relationship, every one of them) for every
// node and relationship in the database: the leak probe reads what is at rest, whatever the
// label, index or tenant
MATCH (n)
RETURN properties(n) AS values
UNION ALL
MATCH ()-[r]->()
RETURN properties(r) AS values
