// name: facts_subject_keys
// params: $group_id, $after, $limit, $known, $end, $moment
// returns: subject_key (distinct subjects of current records, in order, after the cursor)
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.subject_key > $after AND /*@time_rule*/
WITH DISTINCT r.subject_key AS subject_key
RETURN subject_key
ORDER BY subject_key
LIMIT $limit
