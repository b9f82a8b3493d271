// name: candidates_record
// params: $candidates (list of {uuid, group_id, status, created_at, episode_id, body})
// returns: uuid of every candidate stored
UNWIND $candidates AS c
CREATE (n:Candidate)
SET n = c
RETURN n.uuid AS uuid
