// fragment: time_rule (included where a query says /*@time_rule*/; r is the fact edge)
// params: $known, $end, $moment (see graph.domain.timerules; nulls mean "not asked")
((($known IS NULL AND r.expired_at IS NULL)
  OR ($known IS NOT NULL AND r.created_at <= $known
      AND (r.expired_at IS NULL OR r.expired_at > $known)))
 AND ($end IS NULL OR r.valid_at <= $end)
 AND (r.invalid_at IS NULL OR r.invalid_at > $moment
      OR ($known IS NOT NULL AND r.invalidated_at IS NOT NULL AND r.invalidated_at > $known)))
