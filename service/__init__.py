"""The service layer: composition root, settings, use cases, REST, GraphQL, MCP, CLI, worker.

`from service import Memory` gives the Python API on a local store; `from service import Client`
the same methods over HTTP (`service.clients.remote`), `MemoryAPI` the protocol both satisfy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.clients.memory import Memory
    from service.clients.protocol import MemoryAPI
    from service.clients.remote import AsyncClient, Client

__all__ = ["AsyncClient", "Client", "Memory", "MemoryAPI"]


def __getattr__(name: str) -> Any:
    if name == "Memory":
        from service.clients.memory import Memory

        return Memory
    if name in ("Client", "AsyncClient"):
        from service.clients import remote

        return getattr(remote, name)
    if name == "MemoryAPI":
        from service.clients.protocol import MemoryAPI

        return MemoryAPI
    raise AttributeError(name)
