// name: facts_bearing
// params: $group_id, $keys (list of {subject_key, predicate, value_key, scope}), $known, $end, $moment
// returns: fact (the current records of each key's subject and predicate that bear on its value:
//   the same value in its scope, and every record of another scope; see graph.ports.AlignmentKey)
// Three seeks of fact_bearing (equality on all five properties, a range on scope either side),
// never a scan of a multi-valued predicate's every value. `value_key IS NOT NULL` (always true)
// makes the composite index seekable with a range on scope (a range is usable only with the
// properties after it asked to exist), and the hints make the planner use it: without them it
// took fact_alignment at 100k records and filtered every record of the speaker's predicate
// (2,569 rows for one write; the align stage grew with the tenant), and fact_subject on an
// empty store (tests/conformance/test_query_plans.py).
UNWIND $keys AS k
CALL (k) {
  MATCH ()-[r:RELATES_TO]->()
  USING INDEX r:RELATES_TO(group_id, subject_key, predicate, scope, value_key)
  WHERE r.group_id = $group_id AND r.subject_key = k.subject_key AND r.predicate = k.predicate
    AND r.scope = k.scope AND r.value_key = k.value_key
  RETURN r
  UNION
  MATCH ()-[r:RELATES_TO]->()
  USING INDEX r:RELATES_TO(group_id, subject_key, predicate, scope, value_key)
  WHERE r.group_id = $group_id AND r.subject_key = k.subject_key AND r.predicate = k.predicate
    AND r.scope < k.scope AND r.value_key IS NOT NULL
  RETURN r
  UNION
  MATCH ()-[r:RELATES_TO]->()
  USING INDEX r:RELATES_TO(group_id, subject_key, predicate, scope, value_key)
  WHERE r.group_id = $group_id AND r.subject_key = k.subject_key AND r.predicate = k.predicate
    AND r.scope > k.scope AND r.value_key IS NOT NULL
  RETURN r
}
WITH r
WHERE /*@time_rule*/
RETURN DISTINCT /*@fact_fields*/ AS fact
