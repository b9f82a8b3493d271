// fragment: episode_fields (included where a query says /*@episode_fields*/; ep is an episode)
// Every property of an episode, its times as ISO 8601 text (see fragment_fact_fields).
ep {.*, valid_at: toString(ep.valid_at), created_at: toString(ep.created_at),
    knowledge_time: toString(ep.knowledge_time)}
