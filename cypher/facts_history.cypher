// name: facts_history
// params: $group_id, $subject_key, $predicate
// returns: fact, every record of the subject (and predicate) in event order
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.subject_key = $subject_key
  AND ($predicate IS NULL OR r.predicate = $predicate)
RETURN /*@fact_fields*/ AS fact
ORDER BY r.valid_at, r.created_at, r.uuid
