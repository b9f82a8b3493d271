// name: operations_record
// params: $operations (list of operation property maps: finished write receipts)
// returns: event_id of every operation created (the event_id constraint rejects a repeat)
UNWIND $operations AS props
CREATE (o:Operation)
SET o = props
RETURN o.event_id AS event_id
