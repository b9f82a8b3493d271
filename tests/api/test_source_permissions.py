"""Source permissions hold on every read path: a record read from a source whose permissions
the caller's key does not hold never appears (history, export, GraphQL history), while a key
that holds them sees it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from service.app import create_app
from service.memory import Memory

KEYS = {
    "outsider": {"user_id": "alice", "principals": ["team-a"]},
    "insider": {"user_id": "alice", "principals": ["hr"]},
}
HIDDEN, OPEN = "Oslo", "green tea"


@pytest.fixture
def guarded(memory: Memory) -> Iterator[TestClient]:
    memory.add("I live in Oslo", user_id="alice", source="hr-file", permissions=["hr"])
    memory.add("I like green tea", user_id="alice")
    update = {"api_keys": SecretStr(json.dumps(KEYS))}
    memory.container.settings = memory.container.settings.model_copy(update=update)
    with TestClient(create_app(memory.container), raise_server_exceptions=False) as client:
        yield client


def reads(client: TestClient, key: str) -> dict[str, str]:
    headers = {"X-API-Key": key}
    query = '{ history(name: "alice") { chains { versions { value } } } }'
    return {
        "history": client.get("/v1/entities/alice/history", headers=headers).text,
        "export": client.get("/v1/export", headers=headers).text,
        "graphql history": client.post("/graphql", json={"query": query}, headers=headers).text,
        "facts": client.get("/v1/facts", headers=headers).text,
        "search": client.get("/v1/search", params={"q": "Oslo"}, headers=headers).text,
    }


def test_a_hidden_source_crosses_no_read_path(guarded: TestClient) -> None:
    for path, text in reads(guarded, "outsider").items():
        assert HIDDEN not in text, path
    assert OPEN in reads(guarded, "outsider")["export"]


def test_a_key_holding_the_permission_sees_it(guarded: TestClient) -> None:
    seen = reads(guarded, "insider")
    for path in ("history", "export", "graphql history", "facts"):
        assert HIDDEN in seen[path], path
