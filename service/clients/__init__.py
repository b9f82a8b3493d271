"""The Python clients: `Memory` (the use cases in this process: `memory.py`), `Client` and
`AsyncClient` (the same methods over HTTP: `remote.py`, its requests in `calls.py`), and
`MemoryAPI`, the protocol both satisfy (`protocol.py`). Every verb is declared once in
`verbs.py`; `python -m service.clients.generate` writes `protocol.py`, `memory_verbs.py` and
`remote_verbs.py` from it. `transfer.py` is the CLI's export and restore.
`from service import Memory, Client` is the public way in."""
