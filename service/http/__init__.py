"""The HTTP edge: the ASGI app (`app.py`) and its routes (`routes/`), API keys and tenant
scope (`auth.py`), request limits (`edge.py`), the error table (`errors.py`, shared by GraphQL
and MCP), OpenAPI, metrics, request ids and logs."""
