"""The real ASGI app over a `Memory` with API keys on (`PALIMPSEST_API_KEYS`'s JSON)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from pydantic import SecretStr

from service.clients.memory import Memory
from service.http.app import create_app


@contextmanager
def keyed_client(memory: Memory, keys: dict[str, Any]) -> Iterator[TestClient]:
    update = {"api_keys": SecretStr(json.dumps(keys))}
    memory.container.settings = memory.container.settings.model_copy(update=update)
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as client:
        yield client
