// name: episodes_neighbours
// params: $group_id, $uuids, $seconds, $reach
// returns: uuid, near (the $reach episodes observed just before, nearest first, then the $reach
// just after, each within $seconds)
UNWIND $uuids AS id
MATCH (ep:Episodic {uuid: id})
WHERE ep.group_id = $group_id AND ep.valid_at IS NOT NULL
RETURN ep.uuid AS uuid, /*@turns_around*/ AS near
