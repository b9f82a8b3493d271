// name: schema_entity_group
// params:
// returns: nothing; serves tenant-wide entity work (erasure, export); graphiti-core's name
CREATE INDEX entity_group_id IF NOT EXISTS FOR (n:Entity) ON (n.group_id)
