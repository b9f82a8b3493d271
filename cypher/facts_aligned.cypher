// name: facts_aligned
// params: $group_id, $keys (list of {subject_key, predicate}), $known, $end, $moment
// returns: fact (current records of the same subject and predicate, every scope)
UNWIND $keys AS k
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.subject_key = k.subject_key AND r.predicate = k.predicate
  AND /*@time_rule*/
RETURN DISTINCT /*@fact_fields*/ AS fact
