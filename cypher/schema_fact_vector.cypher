// name: schema_fact_vector
// params: $options (the index config map: dimensions and similarity function)
// returns: nothing; approximate nearest neighbours over fact_embedding
CREATE VECTOR INDEX fact_embedding IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON (r.fact_embedding)
OPTIONS $options
