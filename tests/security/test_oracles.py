"""No existence or value oracles (issue 34, finding 5), with API keys on, on both backends: a
name only records closed to the key hold is as unknown as a made-up one (graph, paths), and a
dry run judges only against records the key may read, so a right guess of a closed value and
a wrong one get the same answer, on REST, GraphQL and MCP (the SDK's client)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from pydantic import SecretStr

from service.clients.memory import Memory
from service.http.app import create_app
from tests.support.keyed import keyed_client
from tests.support.live import live_server

KEYS = {
    "outsider": {"user_id": "alice", "principals": ["team-a"]},
    "insider": {"user_id": "alice", "principals": ["hr"]},
}
CLOSED, MADE_UP = "Oslo", "Atlantis"
RIGHT, WRONG = "I live in Oslo.", "I live in Bergen."


def story(memory: Memory) -> None:
    memory.add(RIGHT, user_id="alice", source="hr-file", permissions=["hr"])
    memory.add("I work at Acme.", user_id="alice")


@pytest.fixture
def guarded(memory: Memory) -> Iterator[TestClient]:
    story(memory)
    with keyed_client(memory, KEYS) as client:
        yield client


def answer(client: TestClient, key: str, method: str, url: str, **kwargs: Any) -> tuple[int, Any]:
    response = client.request(method, url, headers={"X-API-Key": key}, **kwargs)
    return response.status_code, response.json()


def same(found: tuple[int, Any], name: str) -> tuple[int, str]:
    """An answer with the name it was asked about taken out (the message repeats it)."""
    status, body = found
    return status, json.dumps(body).replace(name, "<name>")


def test_a_closed_name_is_as_unknown_as_a_made_up_one(guarded: TestClient) -> None:
    walks = ("/v1/entities/{}/graph", "/v1/paths?from=Acme&to={}")
    for url in (*walks, "/v1/entities/{}/history"):
        closed = answer(guarded, "outsider", "GET", url.format(CLOSED))
        missing = answer(guarded, "outsider", "GET", url.format(MADE_UP))
        assert closed[0] == 404, (url, closed)
        assert same(closed, CLOSED) == same(missing, MADE_UP), url
    for url in walks:
        assert answer(guarded, "insider", "GET", url.format(CLOSED))[0] == 200, url
    query = '{ entityGraph(name: "%s", userId: "alice") { entity } }'
    graphql = [
        answer(guarded, "outsider", "POST", "/graphql", json={"query": query % name})
        for name in (CLOSED, MADE_UP)
    ]
    assert same(graphql[0], CLOSED) == same(graphql[1], MADE_UP)
    assert graphql[0][1]["errors"][0]["extensions"]["code"] == "not_found"


def plan_of(client: TestClient, key: str, content: str) -> Any:
    status, body = answer(client, key, "POST", "/v1/conflicts/resolve", json={"content": content})
    assert status == 200, body
    verdicts = [(v["conflict_type"], v["action"]) for v in body["verdicts"]]
    steps = [(p["action"], p["conflict_type"], p["target_id"]) for p in body["plan"]]
    return verdicts, steps


def test_a_dry_run_does_not_tell_a_right_guess_from_a_wrong_one(guarded: TestClient) -> None:
    assert plan_of(guarded, "outsider", RIGHT) == plan_of(guarded, "outsider", WRONG)
    assert plan_of(guarded, "insider", RIGHT) != plan_of(guarded, "insider", WRONG)
    query = 'mutation { resolveConflict(content: "%s") { verdicts plan { action targetId } } }'
    graphql = [
        answer(guarded, "outsider", "POST", "/graphql", json={"query": query % text})[1]
        for text in (RIGHT, WRONG)
    ]
    assert graphql[0] == graphql[1] and "errors" not in graphql[0]


def test_mcp_tools_are_no_oracle_either(memory: Memory) -> None:
    story(memory)
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(KEYS))}
    )

    async def ask(url: str) -> list[Any]:
        http = httpx2.AsyncClient(headers={"X-API-Key": "outsider"}, timeout=120)
        async with Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
            found = []
            for name in (CLOSED, MADE_UP):
                result = await client.call_tool("entity_graph", {"entity": name})
                found.append(result.content[0].text.replace(name, "<name>"))  # type: ignore[union-attr]
            for text in (RIGHT, WRONG):
                result = await client.call_tool("resolve_conflict", {"content": text})
                found.append(json.dumps(result.structured_content["verdicts"]))
            return found

    with live_server(create_app(memory.container)) as url:
        graph_closed, graph_missing, right, wrong = asyncio.run(ask(url))
    assert graph_closed == graph_missing and "not_found" in graph_closed
    assert right == wrong
