// name: migration_applied
// params: $name
// returns: applied (whether the one-off data migration of that name has run on this database)
OPTIONAL MATCH (m:SchemaMigration {name: $name})
RETURN m IS NOT NULL AS applied
