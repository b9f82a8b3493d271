// fragment: turns_around (included where a query says /*@turns_around*/; ep is an episode)
// params: $group_id, $seconds, $reach
// The uuids of the tenant's episodes observed just before `ep` (the nearest $reach, nearest
// first) and just after it (the same), each at most $seconds from it: the turns around it in
// its conversation.
COLLECT {
  MATCH (o:Episodic)
  WHERE o.group_id = $group_id AND o.valid_at < ep.valid_at
    AND o.valid_at >= ep.valid_at - duration({seconds: $seconds})
  RETURN o.uuid ORDER BY o.valid_at DESC LIMIT $reach
} + COLLECT {
  MATCH (o:Episodic)
  WHERE o.group_id = $group_id AND o.valid_at > ep.valid_at
    AND o.valid_at <= ep.valid_at + duration({seconds: $seconds})
  RETURN o.uuid ORDER BY o.valid_at LIMIT $reach
}
