// name: search_channels
// params: $group_id, $fact_texts (list of {query: Lucene with the tenant clause, fetch, newest}), $episode_texts (zero or one Lucene query), $episode_fetch, $embeddings (zero or one vector), $vector_fetch, $vector_rescore, $names (normalised, most specific first), $speakers, $seeds, $hops, $context, $seconds, $reach, $limit, $all, $known, $end, $moment
// returns: one row: texts (one {slot, hits} per $fact_texts item: full-text hits, best first,
// or newest first when `newest`), episodes (hits, best first), near (one {uuid, near} per best
// $context episode hits), approximate and exact (vector hits; exact only when approximate
// found fewer than $limit; the index's best $vector_rescore candidates re-ranked by their exact
// cosine), graph (walk hits, score 1 or 1/2); hits are {uuid, score} maps
// Every channel of one search in one round trip (graph/search_reads.py); each part is the
// query of its own verb (facts_fulltext, facts_tagged, episodes_search, episodes_neighbours,
// facts_vector_index, facts_vector_exact, entities_get then facts_neighbourhood).
CALL () {
  UNWIND range(0, size($fact_texts) - 1) AS slot
  CALL (slot) {
    WITH $fact_texts[slot] AS ask WHERE ask.query IS NOT NULL
    CALL db.index.fulltext.queryRelationships('palimpsest_fact_words', ask.query, {limit: ask.fetch})
    YIELD relationship AS r, score
    WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
    WITH r, score, ask.newest AS newest
    ORDER BY CASE WHEN newest THEN r.created_at END DESC,
      CASE WHEN newest THEN 0.0 ELSE score END DESC, r.uuid
    LIMIT $limit
    RETURN collect({uuid: r.uuid, score: score}) AS hits
  }
  RETURN collect({slot: slot, hits: hits}) AS texts
}
CALL () {
  UNWIND $episode_texts AS query
  CALL db.index.fulltext.queryNodes('palimpsest_episode_text', query, {limit: $episode_fetch})
  YIELD node AS ep, score
  WHERE ep.group_id = $group_id
    AND ($end IS NULL OR ep.valid_at <= $end)
    AND ($known IS NULL OR ep.created_at <= $known)
  WITH ep, score
  ORDER BY score DESC, ep.uuid
  LIMIT $limit
  RETURN collect({uuid: ep.uuid, score: score}) AS episodes
}
CALL (episodes) {
  UNWIND episodes[0..$context] AS hit
  WITH hit WHERE episodes[0].score > 0
  MATCH (ep:Episodic {uuid: hit.uuid})
  WHERE ep.group_id = $group_id AND ep.valid_at IS NOT NULL
  RETURN collect({uuid: ep.uuid, near: /*@turns_around*/}) AS near
}
CALL () {
  UNWIND $embeddings AS embedding
  CALL db.index.vector.queryRelationships('fact_embedding', $vector_fetch, embedding)
  YIELD relationship AS r, score AS index_score
  WHERE r.group_id = $group_id AND ($all OR /*@time_rule*/)
  WITH r, index_score, embedding
  ORDER BY index_score DESC, r.uuid
  LIMIT $vector_rescore
  WITH r, vector.similarity.cosine(r.fact_embedding, embedding) AS score
  ORDER BY score DESC, r.uuid
  LIMIT $limit
  RETURN collect({uuid: r.uuid, score: score}) AS approximate
}
CALL (approximate) {
  // the scan runs only when the index found too few: as a filter after the UNWIND, the
  // planner scanned every node of the database first on each search
  UNWIND CASE WHEN size(approximate) < $limit THEN $embeddings ELSE [] END AS embedding
  MATCH ()-[r:RELATES_TO]->()
  WHERE r.group_id = $group_id AND r.fact_embedding IS NOT NULL AND ($all OR /*@time_rule*/)
  WITH r, vector.similarity.cosine(r.fact_embedding, embedding) AS score
  ORDER BY score DESC, r.uuid
  LIMIT $limit
  RETURN collect({uuid: r.uuid, score: score}) AS exact
}
CALL () {
  UNWIND range(0, size($names) - 1) AS rank
  WITH rank, $names[rank] AS name
  WHERE NOT name IN $speakers
  MATCH (n:Entity)
  WHERE n.group_id = $group_id AND n.normalized = name
  WITH n
  ORDER BY rank
  LIMIT $seeds
  WITH collect(n) AS seeds
  /*@walk*/
  UNWIND [x IN near | {uuid: x.uuid, score: 1.0}] + [x IN far | {uuid: x.uuid, score: 0.5}] AS hit
  WITH hit
  ORDER BY hit.score DESC, hit.uuid
  LIMIT $limit
  RETURN collect(hit) AS graph
}
RETURN texts, episodes, near, approximate, exact, graph
