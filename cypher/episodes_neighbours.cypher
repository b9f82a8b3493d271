// name: episodes_neighbours
// params: $group_id, $uuids, $seconds
// returns: uuid, near (the episodes observed just before and just after, within $seconds)
UNWIND $uuids AS id
MATCH (ep:Episodic {uuid: id})
WHERE ep.group_id = $group_id AND ep.valid_at IS NOT NULL
RETURN ep.uuid AS uuid,
  COLLECT {
    MATCH (o:Episodic)
    WHERE o.group_id = $group_id AND o.valid_at < ep.valid_at
      AND o.valid_at >= ep.valid_at - duration({seconds: $seconds})
    RETURN o.uuid ORDER BY o.valid_at DESC LIMIT 1
  } + COLLECT {
    MATCH (o:Episodic)
    WHERE o.group_id = $group_id AND o.valid_at > ep.valid_at
      AND o.valid_at <= ep.valid_at + duration({seconds: $seconds})
    RETURN o.uuid ORDER BY o.valid_at LIMIT 1
  } AS near
