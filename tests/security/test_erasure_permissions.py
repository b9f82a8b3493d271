"""Erasure obeys source permissions (issue 34, finding 2): a key that may not read every record
of its user cannot erase the user, through REST or GraphQL (MCP has no erasure tool); a key
holding every principal the user's sources name can. On both backends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.clients.memory import Memory
from tests.support.keyed import keyed_client

KEYS = {
    "plain": "alice",
    "team-a": {"user_id": "alice", "principals": ["team-a"]},
    "all": {"user_id": "alice", "principals": ["team-a", "team-b"]},
}
FORGET = 'mutation { forgetUser(userId: "alice") { erased } }'


@pytest.fixture
def guarded(memory: Memory) -> Iterator[TestClient]:
    memory.add("I live in Oslo", user_id="alice", source="b-file", permissions=["team-b"])
    memory.add("I like green tea", user_id="alice", source="a-file", permissions=["team-a"])
    memory.add("I work at Acme", user_id="alice")
    with keyed_client(memory, KEYS) as client:
        yield client


def values(memory: Memory) -> set[str]:
    return {f["value"] for f in memory.facts(user_id="alice")["facts"]}


def test_a_key_that_may_not_read_every_record_cannot_erase_the_user(
    memory: Memory, guarded: TestClient
) -> None:
    before = values(memory)
    assert {"Oslo", "green tea", "Acme"} <= before
    for key in ("plain", "team-a"):
        rest = guarded.delete("/v1/users/alice", headers={"X-API-Key": key})
        assert rest.status_code == 403, rest.text
        assert rest.json()["error"]["code"] == "forbidden"
        graphql = guarded.post("/graphql", json={"query": FORGET}, headers={"X-API-Key": key})
        assert graphql.json()["errors"][0]["extensions"]["code"] == "forbidden", graphql.text
    assert values(memory) == before


def test_a_key_that_may_read_every_record_erases_the_user(
    memory: Memory, guarded: TestClient
) -> None:
    answer = guarded.delete("/v1/users/alice", headers={"X-API-Key": "all"})
    assert answer.status_code == 200 and answer.json()["erased"] > 0
    assert values(memory) == set()


def test_graphql_erases_with_a_key_that_may_read_every_record(
    memory: Memory, guarded: TestClient
) -> None:
    answer = guarded.post("/graphql", json={"query": FORGET}, headers={"X-API-Key": "all"})
    assert answer.json()["data"]["forgetUser"]["erased"] > 0, answer.text
    assert values(memory) == set()
