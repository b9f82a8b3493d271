// name: facts_get
// params: $group_id, $uuids
// returns: fact (properties without the embedding)
UNWIND $uuids AS id
MATCH ()-[r:RELATES_TO {uuid: id}]->()
WHERE r.group_id = $group_id
RETURN /*@fact_fields*/ AS fact
