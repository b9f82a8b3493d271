// fragment: fact_fields (included where a query says /*@fact_fields*/; r is the fact edge)
// Every property of a fact except fact_embedding, which is large and never needed on reads;
// `r {.*}` would load it (a 512-float array) and made one-subject lookups 4x slower. Times
// come as ISO 8601 text (graph/backends/neo4j/codec.py parses them): the driver hydrates
// each native DateTime in pure Python, a third of a search's time on Neo4j at 10k facts.
r {.uuid, .group_id, .user_id, .agent_id, .run_id, .subject, .subject_key, .subject_uuid,
   .predicate, .cardinality, .value, .value_key, .object_uuid, .polarity, .state_change, .correction, .scope,
   .fact,
   .episodes, .episode_id, .valid_granularity, .categories, .memory_type, .layer, .fact_type,
   .source_type, .confidence, .verify_status, .disputed, .needs_confirmation, .immutable,
   .supersedes, .superseded_by, .signature, .extraction_version, .policy_version, .source_span,
   .modality, .media_refs, .metadata, .valid_phrase,
   valid_at: toString(r.valid_at), valid_end: toString(r.valid_end),
   invalid_at: toString(r.invalid_at),
   knowledge_time: toString(r.knowledge_time), told_at: toString(r.told_at),
   created_at: toString(r.created_at),
   invalidated_at: toString(r.invalidated_at), expired_at: toString(r.expired_at)}
