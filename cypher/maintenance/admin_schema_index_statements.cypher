// name: admin_schema_index_statements
// params:
// returns: name, statement (the CREATE statement of every index that no constraint owns, but
// the two built-in token lookups), for upgrade fixtures: the schema an earlier version made
SHOW INDEXES YIELD name, type, owningConstraint, createStatement
WHERE type <> 'LOOKUP' AND owningConstraint IS NULL
RETURN name, createStatement AS statement
ORDER BY name
