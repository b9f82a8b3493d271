"""The Python clients: `Memory` (the use cases in this process: `memory.py`, with its read and
conflict methods in `reads.py` and `conflicts.py`), `Client` and `AsyncClient` (the same
methods over HTTP: `remote.py`), and `MemoryAPI`, the protocol both satisfy (`protocol.py`).
`from service import Memory, Client` is the public way in."""
