"""graphiti-core interoperability (the optional `graphiti` extra): record mapping, the tenant's
graphiti `group_id`, and migration of a graph graphiti wrote (docs/graphiti.md)."""
