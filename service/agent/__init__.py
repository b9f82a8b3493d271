"""The Model Context Protocol surface: memory tools for agents (`palimpsest mcp`, `/mcp`)."""
