// name: admin_schema_list
// params:
// returns: name, type, labels, properties, analyzer, constraint (the owning constraint or null)
// of every index but the two built-in token lookups
SHOW INDEXES YIELD name, type, labelsOrTypes, properties, options, owningConstraint
WHERE type <> 'LOOKUP'
RETURN name, type, labelsOrTypes AS labels, properties,
       options.indexConfig.`fulltext.analyzer` AS analyzer, owningConstraint AS constraint
