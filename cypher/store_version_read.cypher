// name: store_version_read
// params:
// returns: version (the schema version this database was last opened with; null for a
// database made before versions were recorded, or an empty one)
OPTIONAL MATCH (v:SchemaVersion {key: 'palimpsest'})
RETURN v.version AS version
