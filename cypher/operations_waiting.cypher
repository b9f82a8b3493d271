// name: operations_waiting
// params: $statuses
// returns: status, n: how many operations of every tenant hold each of these statuses (an
// index seek on operation_queue; the queue depth the metrics report)
MATCH (o:Operation)
WHERE o.status IN $statuses
RETURN o.status AS status, count(o) AS n
