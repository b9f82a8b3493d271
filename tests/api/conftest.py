"""The real ASGI app over each backend, driven through httpx (FastAPI's TestClient)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.clients.memory import Memory
from service.http.app import create_app


@pytest.fixture
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as test_client:
        yield test_client
