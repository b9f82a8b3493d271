// name: store_version_record
// params: $version
// returns: version (the schema version now recorded, after the schema and its migrations ran)
MERGE (v:SchemaVersion {key: 'palimpsest'})
SET v.version = $version
RETURN v.version AS version
