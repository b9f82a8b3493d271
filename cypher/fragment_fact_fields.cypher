// fragment: fact_fields (included where a query says /*@fact_fields*/; r is the fact edge)
// Every property of a fact except fact_embedding, which is large and never needed on reads;
// `r {.*}` would load it (a 512-float array) and made one-subject lookups 4x slower.
r {.uuid, .group_id, .user_id, .agent_id, .run_id, .subject, .subject_key, .subject_uuid,
   .predicate, .cardinality, .value, .value_key, .object_uuid, .polarity, .state_change, .correction, .scope,
   .fact,
   .episodes, .episode_id, .valid_at, .valid_granularity, .invalid_at, .knowledge_time, .created_at,
   .invalidated_at, .expired_at, .categories, .memory_type, .layer, .fact_type, .source_type,
   .confidence, .verify_status, .disputed, .needs_confirmation, .immutable, .supersedes,
   .superseded_by, .signature, .extraction_version, .policy_version, .source_span, .modality,
   .media_refs, .metadata}
