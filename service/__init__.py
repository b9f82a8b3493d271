"""The service layer: composition root, settings, use cases, REST, GraphQL, MCP, CLI, worker."""
