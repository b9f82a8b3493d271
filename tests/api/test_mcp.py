"""The MCP server through the official SDK's own client: over stdio (`palimpsest mcp`, on the
store and in front of a service with --url) and over streamable HTTP (`/mcp` on a live
server), with tenancy and API keys as in REST, on both backends."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from pydantic import SecretStr

from graph.ports.store import Store
from service.agent.tools import INSTRUCTIONS
from service.clients.memory import Memory
from service.http.app import create_app
from tests.conftest import NEO4J_URI
from tests.read.stories import team_story
from tests.support.live import live_server

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {
    "add_memory", "search_memory", "get_facts", "entity_history", "entity_graph", "find_paths",
    "resolve_conflict", "list_candidates", "confirm_candidate", "reject_candidate",
    "verify_ledger",
}  # fmt: skip


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    answer: dict[str, Any] = result.structured_content
    return answer


async def text(client: Client, tool: str, **arguments: Any) -> str:
    """The text content an agent's model reads."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error and len(result.content) == 1, result.content
    read: str = result.content[0].text  # type: ignore[union-attr]
    return read


async def error(client: Client, tool: str, **arguments: Any) -> str:
    """The error's text after the SDK's "Error executing tool <name>: " prefix."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error
    text: str = result.content[0].text  # type: ignore[union-attr]
    return text.removeprefix(f"Error executing tool {tool}: ")


async def conversation(client: Client, user: str) -> dict[str, Any]:
    """What an agent does: remember, recall now and as of 2024, look at history and graph,
    check a statement (dry run), verify the ledger."""
    tools = await client.list_tools()
    added = await call(
        client, "add_memory", messages="I moved to Berlin in 2023.", user_id=user,
        observation_date="2023-06-01",
    )  # fmt: skip
    await call(client, "add_memory", messages="I moved to Paris.", user_id=user)
    answers = {
        "tools": {tool.name: tool.description or "" for tool in tools.tools},
        "added": added["results"][0]["event"],
        "now": [f["value"] for f in (await call(client, "get_facts", user_id=user))["facts"]],
        "2024": [
            f["value"]
            for f in (await call(client, "get_facts", user_id=user, as_of="2024"))["facts"]
        ],
        "search": (await call(client, "search_memory", query="where do I live", user_id=user)),
        "search text": await text(client, "search_memory", query="where do I live", user_id=user),
        "history": await call(client, "entity_history", entity=user, user_id=user),
        "graph": await call(client, "entity_graph", entity=user, user_id=user, as_of="2024"),
        "plan": await call(client, "resolve_conflict", user_id=user, content="I live in Rome."),
        "ledger": await call(client, "verify_ledger", user_id=user),
        "missing": await error(client, "entity_history", entity="nobody", user_id=user),
    }
    await call(client, "add_memory", messages="I might move to Tokyo.", user_id=user)
    listed = await call(client, "get_facts", user_id=user)
    hedges = await call(client, "get_facts", user_id=user, fact_type="hypothesis")
    await call(client, "add_memory", messages="Took a quick trip to Lyon last week.", user_id=user)
    when = await call(client, "search_memory", query="when did I go to Lyon", user_id=user)
    return answers | {
        "after_hedge": [f["value"] for f in listed["facts"]],
        "hedges": [f["value"] for f in hedges["facts"]],
        "when": when["results"][0]["fact"]["valid_phrase"],
    }


def check(answers: dict[str, Any]) -> None:
    assert set(answers["tools"]) == TOOLS
    assert "as_of" in answers["tools"]["search_memory"]
    assert "dry_run" in answers["tools"]["resolve_conflict"]
    assert answers["added"] == "ADD"
    assert answers["now"] == ["Paris"] and answers["2024"] == ["Berlin"]
    assert answers["after_hedge"] == ["Paris"] and answers["hedges"] == ["Tokyo"]
    assert answers["when"] == "last week"
    assert answers["search"]["results"][0]["fact"]["value"] == "Paris"
    assert answers["search"]["results"][0]["episode"]["body"] == "I moved to Paris."
    first = answers["search text"].split("\n2. ")[0]
    assert first.startswith("1. ") and ', "I moved to Paris."' not in first, first
    assert ': "I moved to Paris."' in first, first  # the turn, quoted with who and when
    versions = answers["history"]["chains"][0]["versions"]
    assert [v["value"] for v in versions] == ["Berlin", "Paris"]
    assert {n["name"] for n in answers["graph"]["nodes"]} >= {"Berlin"}
    assert answers["plan"]["executed"] is False
    assert answers["ledger"]["ok"] is True
    assert answers["missing"].startswith("not_found:")


def stdio(*args: str, env: dict[str, str]) -> StdioServerParameters:
    code = "import sys; from service.cli import main; sys.exit(main())"
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return StdioServerParameters(command=sys.executable, args=["-c", code, "mcp", *args], env=full)


def store_env(backend: str, tmp_path: Path) -> dict[str, str]:
    if backend == "neo4j":
        return {"PALIMPSEST_BACKEND": "neo4j", "PALIMPSEST_NEO4J_URI": NEO4J_URI}
    return {"PALIMPSEST_BACKEND": "sqlite", "PALIMPSEST_DATA_DIR": str(tmp_path)}


def test_instructions_explain_the_three_time_questions() -> None:
    for words in ("now (default", "as_of=", "known_at=", "dry_run=true"):
        assert words in INSTRUCTIONS


def test_stdio_on_the_configured_store(store: Store, backend: str, tmp_path: Path) -> None:
    env = {**store_env(backend, tmp_path), "PALIMPSEST_EMBEDDER": "hashing"}

    async def run() -> dict[str, Any]:
        async with Client(stdio(env=env), read_timeout_seconds=120) as client:
            return await conversation(client, "erin")

    check(asyncio.run(run()))


@pytest.fixture
def keyed(memory: Memory) -> Iterator[str]:
    keys = {"erin-key": "erin", "bob-key": "bob"}
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(keys))}
    )
    with live_server(create_app(memory.container)) as url:
        yield url


def with_key(url: str, key: str) -> Any:
    http = httpx2.AsyncClient(headers={"X-API-Key": key}, timeout=120)
    return streamable_http_client(f"{url}/mcp", http_client=http)


def test_streamable_http_on_the_service_with_api_keys(memory: Memory, keyed: str) -> None:
    async def run() -> tuple[dict[str, Any], str, dict[str, Any]]:
        async with Client(with_key(keyed, "erin-key")) as client:
            answers = await conversation(client, "erin")
            foreign = await error(client, "get_facts", user_id="bob")
            own = await call(client, "get_facts")
        return answers, foreign, own

    answers, foreign, own = asyncio.run(run())
    check(answers)
    assert foreign.startswith("forbidden:")
    assert [f["value"] for f in own["facts"]] == ["Paris", "Took a quick trip to Lyon"]
    assert memory.facts(user_id="bob")["facts"] == []
    refused = httpx.post(f"{keyed}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "unauthorized"


def test_stdio_in_front_of_a_running_service(memory: Memory, keyed: str) -> None:
    team_story(memory.container.store, "u_erin")
    env = {"PALIMPSEST_API_KEY": "erin-key"}

    async def run() -> tuple[dict[str, Any], str]:
        async with Client(stdio("--url", keyed, env=env), read_timeout_seconds=120) as client:
            paths = await call(client, "find_paths", from_entity="alice", to_entity="bob")
            foreign = await error(client, "verify_ledger", user_id="bob")
        return paths, foreign

    paths, foreign = asyncio.run(run())
    assert [[f["subject"] for f in p] for p in paths["paths"]] == [["alice", "bob"]]
    assert foreign.startswith("forbidden:")
