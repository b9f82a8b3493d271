// name: graphiti_blocking_indexes
// params: $uuid_indexes, $legacy_text
// returns: name of every index that blocks our schema or graphiti-core's: one of graphiti's
// plain uuid indexes on a key we hold unique (a uniqueness constraint cannot be created over
// it; the constraint's own index serves graphiti's lookups), or one of our pre-graphiti-interop
// full-text indexes kept under graphiti's name with the cjk analyzer
SHOW INDEXES YIELD name, type, owningConstraint, options
WHERE (name IN $uuid_indexes AND type = 'RANGE' AND owningConstraint IS NULL)
   OR (name IN $legacy_text AND type = 'FULLTEXT'
       AND options.indexConfig.`fulltext.analyzer` = 'cjk')
RETURN name
