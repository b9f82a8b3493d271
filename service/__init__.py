"""The service layer: composition root, settings, use cases, REST, GraphQL, MCP, CLI, worker.

`from service import Memory` gives the Python API on a local store; `from service import Client`
the same methods over HTTP (`service.remote`), `MemoryAPI` the protocol both satisfy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.memory import Memory
    from service.protocol import MemoryAPI
    from service.remote import AsyncClient, Client

__all__ = ["AsyncClient", "Client", "Memory", "MemoryAPI"]


def __getattr__(name: str) -> Any:
    if name == "Memory":
        from service.memory import Memory

        return Memory
    if name in ("Client", "AsyncClient"):
        from service import remote

        return getattr(remote, name)
    if name == "MemoryAPI":
        from service.protocol import MemoryAPI

        return MemoryAPI
    raise AttributeError(name)
