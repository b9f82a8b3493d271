// name: episodes_search
// params: $group_id, $query (Lucene syntax, tenant clause included), $fetch, $limit, $known, $end
// returns: uuid, score (best first); as_of by observation time, known_at by storage time
CALL db.index.fulltext.queryNodes('palimpsest_episode_text', $query, {limit: $fetch})
YIELD node AS ep, score
WHERE ep.group_id = $group_id
  AND ($end IS NULL OR ep.valid_at <= $end)
  AND ($known IS NULL OR ep.created_at <= $known)
RETURN ep.uuid AS uuid, score
ORDER BY score DESC, uuid
LIMIT $limit
