"""Relational recall over REST and GraphQL: the same answers as the Python API, the one error
shape for bad input, and API keys applied as on every other read."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from pydantic import SecretStr

from service.clients.memory import Memory
from service.http.app import create_app
from service.read.answers import GraphOut, PathsOut
from tests.read.test_relations import team_story


def test_rest_graph_is_the_python_answer(memory: Memory, client: TestClient) -> None:
    team_story(memory)
    params = {"user_id": "alice", "depth": 2, "as_of": "2026-05"}
    response = client.get("/v1/entities/alice/graph", params=params)
    assert response.status_code == 200, response.text
    assert GraphOut.model_validate(response.json()) == memory.graph("alice", **params)
    assert {"id", "name", "type"} <= set(response.json()["nodes"][0])


def test_rest_paths_is_the_python_answer(memory: Memory, client: TestClient) -> None:
    team_story(memory)
    response = client.get("/v1/paths", params={"user_id": "alice", "from": "alice", "to": "bob"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert PathsOut.model_validate(body) == memory.paths("alice", "bob", user_id="alice")
    assert [[f["subject"] for f in p] for p in body["paths"]] == [["alice", "bob"]]


def test_bad_relational_queries_are_4xx_in_the_one_shape(
    memory: Memory, client: TestClient
) -> None:
    team_story(memory)
    cases: list[tuple[str, dict[str, Any], int, str]] = [
        ("/v1/entities/alice/graph", {"user_id": "alice", "depth": 4}, 422, "depth"),
        ("/v1/entities/alice/graph", {"user_id": "alice", "dept": 2}, 422, "dept"),
        ("/v1/entities/alice/graph", {"user_id": "alice", "as_of": "someday"}, 422, "as_of"),
        ("/v1/entities/alice/graph", {"user_id": "alice", "cursor": "x"}, 422, "cursor"),
        ("/v1/entities/zed/graph", {"user_id": "alice"}, 404, ""),
        ("/v1/paths", {"user_id": "alice", "from": "alice"}, 422, "to"),
        ("/v1/paths", {"user_id": "alice", "from": "alice", "to": "zed"}, 404, ""),
    ]
    for path, params, status, field in cases:
        response = client.get(path, params=params)
        assert response.status_code == status, (path, params, response.text)
        error = response.json()["error"]
        assert set(error) >= {"code", "message"}
        assert field in json.dumps(error)


def test_graphql_entity_graph_and_paths(memory: Memory, client: TestClient) -> None:
    team_story(memory)
    query = """query($name: String!, $u: String) {
      entityGraph(name: $name, userId: $u, depth: 2) {
        entity nodes { name } edges { subject predicate value validAt invalidAt } nextCursor }
      paths(source: "alice", target: "bob", userId: $u) { source target paths { subject } }
    }"""
    variables = {"name": "alice", "u": "alice"}
    response = client.post("/graphql", json={"query": query, "variables": variables})
    data = response.json()["data"]
    rest = memory.graph("alice", user_id="alice", depth=2)
    assert [e["subject"] for e in data["entityGraph"]["edges"]] == [
        e["subject"] for e in rest["edges"]
    ]
    assert {n["name"] for n in data["entityGraph"]["nodes"]} == {n["name"] for n in rest["nodes"]}
    assert data["paths"] == {
        "source": "alice",
        "target": "bob",
        "paths": [[{"subject": "alice"}, {"subject": "bob"}]],
    }


def test_a_key_reads_only_its_own_tenants_graph(memory: Memory) -> None:
    team_story(memory)
    keys = {"alice-key": "alice", "bob-key": "bob"}
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(keys))}
    )
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as guarded:
        mine = guarded.get("/v1/entities/alice/graph", headers={"X-API-Key": "bob-key"})
        assert mine.status_code == 200
        assert [e["value"] for e in mine.json()["edges"]] == ["Globex"]
        other = guarded.get(
            "/v1/paths",
            params={"user_id": "alice", "from": "alice", "to": "bob"},
            headers={"X-API-Key": "bob-key"},
        )
        assert other.status_code == 403
        assert other.json()["error"]["code"] == "forbidden"
        assert guarded.get("/v1/entities/alice/graph").status_code == 401
