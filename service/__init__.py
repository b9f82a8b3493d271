"""The service layer: composition root, settings, use cases, REST, GraphQL, MCP, CLI, worker.

`from service import Memory` gives the Python client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.memory import Memory

__all__ = ["Memory"]


def __getattr__(name: str) -> Any:
    if name == "Memory":
        from service.memory import Memory

        return Memory
    raise AttributeError(name)
