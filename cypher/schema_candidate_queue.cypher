// name: schema_candidate_queue
// params:
// returns: nothing; serves the review queue of one tenant
CREATE INDEX candidate_queue IF NOT EXISTS FOR (c:Candidate) ON (c.group_id, c.status)
