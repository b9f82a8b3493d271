// name: facts_subject_keys
// params: $group_id, $after, $limit, $known, $end, $moment
// returns: subject_key (subjects of current records, in order, after the cursor). Pages
// through the entity index (group_id, normalized) so each page costs its own size, not the
// tenant's: a subject's key is its entity's normalised name.
MATCH (n:Entity)
WHERE n.group_id = $group_id AND n.normalized > $after
  AND EXISTS {
    MATCH (n)-[r:RELATES_TO]->()
    WHERE r.group_id = $group_id AND /*@time_rule*/
  }
RETURN n.normalized AS subject_key
ORDER BY subject_key
LIMIT $limit
