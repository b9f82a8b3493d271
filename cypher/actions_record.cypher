// name: actions_record
// params: $actions (list of {uuid, group_id, fact_id, at, body})
// returns: uuid of every action stored
UNWIND $actions AS a
CREATE (n:Action)
SET n = a
RETURN n.uuid AS uuid
