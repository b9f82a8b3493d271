// name: facts_of_subjects
// params: $group_id, $keys, $known, $end, $moment
// returns: fact (current records of these subjects)
UNWIND $keys AS key
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.subject_key = key AND /*@time_rule*/
RETURN /*@fact_fields*/ AS fact
ORDER BY r.subject_key, r.valid_at, r.uuid
