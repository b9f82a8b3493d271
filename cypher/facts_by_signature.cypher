// name: facts_by_signature
// params: $group_id, $signatures
// returns: fact
UNWIND $signatures AS sig
MATCH ()-[r:RELATES_TO {signature: sig}]->()
WHERE r.group_id = $group_id
RETURN /*@fact_fields*/ AS fact
