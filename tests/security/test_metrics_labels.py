"""Bounded metrics (issue 34, finding 7), through a live server: made-up methods and paths add
no label (so `/metrics` stops growing), and GraphQL and MCP operations get their own route
labels, from their schema's and server's fixed names."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import httpx
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from service.clients.memory import Memory
from service.http.app import create_app
from service.http.metrics import METHODS
from tests.support.live import live_server

LABELS = re.compile(
    r'^palimpsest_http_requests_total\{method="([^"]*)",route="([^"]*)",status="([^"]*)"\}', re.M
)


@pytest.fixture
def site(memory: Memory) -> Iterator[str]:
    memory.add("I live in Oslo.", user_id="alice")
    with live_server(create_app(memory.container)) as url:
        yield url


def scrape(site: str) -> str:
    return httpx.get(f"{site}/metrics", timeout=60).text


def made_up(client: httpx.Client, site: str, start: int, count: int) -> None:
    for n in range(start, start + count):
        client.request(f"M{n}X", f"{site}/v1/facts/{n}?user_id=u{n}")
        client.get(f"{site}/no/such/path/{n}")


def test_made_up_methods_and_paths_add_no_label(site: str) -> None:
    with httpx.Client(timeout=60) as client:
        made_up(client, site, 0, 5)
        scrape(site)  # the scrape itself is counted once it answered
        before = scrape(site)
        made_up(client, site, 5, 100)
        after = scrape(site)
    assert len(after.splitlines()) == len(before.splitlines())
    found = LABELS.findall(after)
    assert {method for method, _, _ in found} <= METHODS | {"other"}
    assert "other" in {method for method, _, _ in found}
    assert not [route for _, route, _ in found if "/no/" in route or re.search(r"/\d", route)]


def test_graphql_and_mcp_operations_have_their_own_routes(site: str) -> None:
    query = '{ facts(userId: "alice") { value } }'
    assert "errors" not in httpx.post(f"{site}/graphql", json={"query": query}, timeout=60).json()
    mutation = 'mutation { forgetSource(userId: "alice", source: "none") { erased } }'
    httpx.post(f"{site}/graphql", json={"query": mutation}, timeout=60)
    both = '{ facts(userId: "alice") { value } search(q: "x", userId: "alice") { id } }'
    httpx.post(f"{site}/graphql", json={"query": both}, timeout=60)

    async def agent() -> None:
        async with Client(streamable_http_client(f"{site}/mcp")) as client:
            await client.call_tool("get_facts", {"user_id": "alice"})
            await client.call_tool("no_such_tool", {})

    asyncio.run(agent())
    routes = {route for _, route, _ in LABELS.findall(scrape(site))}
    expected = {"/graphql facts", "/graphql forgetSource", "/graphql multiple"}
    assert expected | {"/mcp get_facts", "/mcp other"} <= routes, routes
