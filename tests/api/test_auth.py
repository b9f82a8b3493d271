"""API keys: every key grants one tenant; anything else is 401 or 403, in the one shape."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import SecretStr

from service.clients.memory import Memory
from service.http.app import create_app
from service.http.routes.deps import granted

KEYS = {"alice-key": {"user_id": "alice", "principals": ["team-a"]}, "bob-key": "bob"}


@pytest.fixture
def guarded(memory: Memory) -> Iterator[TestClient]:
    settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(KEYS))}
    )
    memory.container.settings = settings
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as client:
        yield client


def as_alice(**headers: str) -> dict[str, str]:
    return {"Authorization": "Bearer alice-key", **headers}


def test_a_key_is_required_and_must_be_known(guarded: TestClient) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}, {"X-API-Key": "nope"}):
        response = guarded.get("/v1/export", headers=headers)
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "unauthorized"
        assert "nope" not in response.text
    assert guarded.get("/healthz").status_code == 200


def test_the_keys_tenant_is_filled_in_and_others_are_forbidden(guarded: TestClient) -> None:
    added = guarded.post("/v1/memories", json={"messages": "I live in Oslo"}, headers=as_alice())
    assert added.status_code == 200, added.text
    own = guarded.get("/v1/export", headers={"X-API-Key": "alice-key"})
    assert own.status_code == 200 and "Oslo" in own.text
    forbidden = [
        guarded.get("/v1/export", params={"user_id": "bob"}, headers=as_alice()),
        guarded.post("/v1/memories", json={"messages": "x", "user_id": "bob"}, headers=as_alice()),
        guarded.post(
            "/v1/memories/batch",
            json={"items": [{"messages": "x", "user_id": "bob"}]},
            headers=as_alice(),
        ),
        guarded.delete("/v1/users/bob", headers=as_alice()),
    ]
    for response in forbidden:
        assert response.status_code == 403, response.text
        assert response.json()["error"]["code"] == "forbidden"
    theirs = guarded.get("/v1/export", headers={"Authorization": "Bearer bob-key"})
    assert "Oslo" not in theirs.text


GRAPHQL_AS_ANOTHER = [
    ('{ ledgerVerify(userId: "bob") { ok } }', {}),
    ("query($u: String) { facts(userId: $u) { id } }", {"u": "bob"}),
    ("query($u: String) { mine: facts { id } theirs: facts(userId: $u) { id } }", {"u": "bob"}),
    ('mutation { forgetUser(userId: "bob") { erased } }', {}),
    (
        "mutation($i: AddMemoryInput!) { addMemory(input: $i) { status } }",
        {"i": {"messages": "x", "userId": "bob"}},
    ),
    ('{ candidates(userId: "bob") { id } }', {}),
]


@pytest.mark.parametrize(("query", "variables"), GRAPHQL_AS_ANOTHER)
def test_graphql_resolvers_refuse_another_users_id(
    guarded: TestClient, query: str, variables: dict[str, object]
) -> None:
    guarded.post(
        "/v1/memories",
        json={"messages": "I live in Oslo", "user_id": "bob"},
        headers={"X-API-Key": "bob-key"},
    )
    response = guarded.post(
        "/graphql", json={"query": query, "variables": variables}, headers=as_alice()
    )
    assert response.status_code == 200
    codes = {e["extensions"]["code"] for e in response.json()["errors"]}
    assert codes == {"forbidden"}, response.text
    assert "Oslo" not in response.text
    assert guarded.get("/v1/export", headers={"X-API-Key": "bob-key"}).text.count("Oslo") >= 1


def test_graphql_without_user_id_answers_for_the_keys_user(guarded: TestClient) -> None:
    guarded.post("/v1/memories", json={"messages": "I live in Oslo"}, headers=as_alice())
    query = "{ facts { value } ledgerVerify { ok length } }"
    answer = guarded.post("/graphql", json={"query": query}, headers=as_alice()).json()
    assert "errors" not in answer, answer
    assert [f["value"] for f in answer["data"]["facts"]] == ["Oslo"]
    assert answer["data"]["ledgerVerify"]["ok"] is True
    unkeyed = guarded.post("/graphql", json={"query": query})
    assert unkeyed.status_code == 401


AGENT_BODIES = [
    ("/v1/memories", {"messages": "I live in Rome", "user_id": None, "agent_id": "shared-bot"}),
    (
        "/v1/memories/batch",
        {"items": [{"messages": "I live in Rome", "user_id": None, "agent_id": "shared-bot"}]},
    ),
    (
        "/v1/conflicts/resolve",
        {"user_id": None, "agent_id": "shared-bot", "content": "I live in Rome", "dry_run": True},
    ),
    ("/v1/conflicts/audit", {"user_id": None, "agent_id": "shared-bot"}),
]


@pytest.mark.parametrize(("path", "body"), AGENT_BODIES, ids=[p for p, _ in AGENT_BODIES])
def test_a_null_user_id_never_reaches_an_agent_tenant(
    memory: Memory, guarded: TestClient, path: str, body: dict[str, object]
) -> None:
    """`"user_id": null` with an `agent_id` is answered for the key's user, never for the
    agent-scoped tenant the key does not grant."""
    memory.add("I live in Oslo", agent_id="shared-bot")
    answer = guarded.post(path, json=body, headers={"Authorization": "Bearer bob-key"})
    assert answer.status_code in (200, 404), answer.text
    assert "Oslo" not in answer.text
    agent_records = memory.container.writes.store.export("a_shared-bot")
    assert "Rome" not in repr(list(agent_records))


def test_graphql_with_a_null_user_id_answers_for_the_keys_user(
    memory: Memory, guarded: TestClient
) -> None:
    memory.add("I live in Oslo", agent_id="shared-bot")
    query = 'query($u: String) { facts(userId: $u, agentId: "shared-bot") { value } }'
    answer = guarded.post(
        "/graphql",
        json={"query": query, "variables": {"u": None}},
        headers={"Authorization": "Bearer bob-key"},
    )
    assert "Oslo" not in answer.text


def _api_routes(routes: list[Any]) -> list[APIRoute]:
    """Every API route, those of included routers too."""
    found: list[APIRoute] = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append(route)
        elif hasattr(route, "original_router"):
            found += _api_routes(route.original_router.routes)
    return found


def _calls(dependant: Any) -> set[Any]:
    found = {dependant.call}
    for sub in dependant.dependencies:
        found |= _calls(sub)
    return found


def test_every_route_declares_the_tenant_it_acts_for(memory: Memory) -> None:
    """The guard is in the signature: every /v1 route depends on the caller's grant
    (`service.http.routes.deps.Granted`, directly or through `QueryUser`, `PathUser` or
    `in_scope`), so no route can read a request's tenant past the key."""
    app = create_app(memory.container)
    routes = [r for r in _api_routes(app.routes) if r.path.startswith("/v1")]
    assert len(routes) >= 20
    unguarded = [r.path for r in routes if granted not in _calls(r.dependant)]
    assert unguarded == []
