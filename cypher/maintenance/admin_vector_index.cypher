// name: admin_vector_index
// params:
// returns: name, options (the facts' vector index and its configuration, if it exists)
SHOW VECTOR INDEXES YIELD name, options
WHERE name = 'fact_embedding'
RETURN name, options
