// name: migration_fact_words
// params: $batch
// returns: updated (facts given their `search_text` in this batch; call until 0): facts written
// before the full-text index read `search_text` get the words `fact_props` now writes
// (graph/textindex.py `fact_words`: text, subject, predicate with spaces for underscores,
// value). graphiti's own records (no knowledge_time) are left alone.
MATCH ()-[r:RELATES_TO]->()
WHERE r.search_text IS NULL AND r.knowledge_time IS NOT NULL
WITH r LIMIT $batch
SET r.search_text = coalesce(r.fact, '') + ' ' + coalesce(r.subject, '') + ' '
  + replace(coalesce(r.predicate, ''), '_', ' ') + ' ' + coalesce(r.value, '')
RETURN count(*) AS updated
