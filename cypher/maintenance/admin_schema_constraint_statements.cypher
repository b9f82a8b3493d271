// name: admin_schema_constraint_statements
// params:
// returns: name, statement (the CREATE statement of every constraint), for upgrade fixtures
SHOW CONSTRAINTS YIELD name, createStatement
RETURN name, createStatement AS statement
ORDER BY name
