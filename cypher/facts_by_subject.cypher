// name: facts_by_subject
// params: $group_id, $subject_key, $predicate, $scope, $agent_id, $run_id, $memory_types, $categories, $verify_statuses, $fact_types, $extraction_version_not, $policy_version_not, $without_endings, $all, $known, $end, $moment, $limit
// returns: fact, newest first
MATCH ()-[r:RELATES_TO]->()
WHERE r.group_id = $group_id AND r.subject_key = $subject_key
  AND ($predicate IS NULL OR r.predicate = $predicate)
  AND ($scope IS NULL OR r.scope = $scope)
  AND ($agent_id IS NULL OR r.agent_id = $agent_id)
  AND ($run_id IS NULL OR r.run_id = $run_id)
  AND (size($memory_types) = 0 OR r.memory_type IN $memory_types)
  AND (size($verify_statuses) = 0 OR r.verify_status IN $verify_statuses)
  AND (size($fact_types) = 0 OR r.fact_type IN $fact_types)
  AND (size($categories) = 0 OR any(c IN r.categories WHERE c IN $categories))
  AND ($extraction_version_not IS NULL OR r.extraction_version <> $extraction_version_not)
  AND ($policy_version_not IS NULL OR r.policy_version <> $policy_version_not)
  AND (NOT $without_endings OR coalesce(r.state_change, '') <> 'ends')
  AND ($all OR /*@time_rule*/)
RETURN /*@fact_fields*/ AS fact
ORDER BY r.valid_at DESC, r.created_at DESC, r.uuid
LIMIT $limit
