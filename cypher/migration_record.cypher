// name: migration_record
// params: $name
// returns: name (the data migration now marked as applied)
MERGE (m:SchemaMigration {name: $name})
RETURN m.name AS name
