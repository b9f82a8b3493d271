"""Endings close, they do not linger (issue 32, item 1), on every surface and both backends.

"I work at Acme." then "I left Acme last month and joined Globex.": the current answer is
Globex alone on REST, GraphQL, MCP and the page; the ending's own record (polarity -1,
`state_change: "ends"`) is listed only when asked for (`include_endings`), and wherever it is
shown it says so: the field on every surface, struck through with "(no longer)" on the page, a
dashed "no longer Acme" bar on the timeline. Acme is still the answer as of the time it held.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.clients.memory import Memory
from service.http.app import create_app
from tests.api.test_ui_browser import ready, texts
from tests.support.live import live_server

USER = "sam"


def tell(memory: Memory) -> None:
    memory.add("I work at Acme.", user_id=USER, observation_date="2022-02-01")
    memory.add("I left Acme last month and joined Globex.", user_id=USER,
               observation_date="2024-05-10")  # fmt: skip


@pytest.fixture
def told(memory: Memory) -> Memory:
    tell(memory)
    return memory


def values(facts: list[dict[str, Any]]) -> list[tuple[str, int, str]]:
    return sorted(
        (f["value"], f["polarity"], f.get("state_change", f.get("stateChange"))) for f in facts
    )


NOW = [("Globex", 1, "starts")]
WITH_ENDINGS = [("Acme", -1, "ends"), ("Globex", 1, "starts")]


def test_rest_lists_what_is_true_now_and_the_ending_on_request(told: Memory) -> None:
    with TestClient(create_app(told.container), base_url="http://127.0.0.1") as client:
        asked = {"user_id": USER, "subject": USER, "predicate": "works_at"}
        now = client.get("/v1/facts", params=asked).json()["facts"]
        ended = client.get("/v1/facts", params={**asked, "include_endings": "true"}).json()
        then = client.get("/v1/facts", params={**asked, "as_of": "2023"}).json()["facts"]
        hits = client.get("/v1/search", params={"user_id": USER, "q": "where do I work"}).json()
        with_endings = client.get(
            "/v1/search", params={"user_id": USER, "q": "Acme", "include_endings": "true"}
        ).json()
    assert values(now) == NOW
    assert values(ended["facts"]) == WITH_ENDINGS
    assert values(then) == [("Acme", 1, "")]
    shown = [h["fact"] for h in hits["results"] if h["kind"] == "fact"]
    assert all(f["state_change"] != "ends" for f in shown)
    assert any(f["value"] == "Globex" for f in shown)
    assert any(
        h["fact"]["state_change"] == "ends" for h in with_endings["results"] if h["kind"] == "fact"
    )


def test_graphql_agrees(told: Memory) -> None:
    query = """query($e: Boolean) { facts(userId: "sam", subject: "sam", predicate: "works_at",
        includeEndings: $e) { value polarity stateChange } }"""
    with TestClient(create_app(told.container), base_url="http://127.0.0.1") as client:
        now, ended = (
            client.post("/graphql", json={"query": query, "variables": {"e": e}}).json()
            for e in (None, True)
        )
    assert values(now["data"]["facts"]) == NOW
    assert values(ended["data"]["facts"]) == WITH_ENDINGS


def test_mcp_agrees(told: Memory) -> None:
    async def run(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
        async with Client(streamable_http_client(f"{url}/mcp")) as client:
            asked = {"user_id": USER, "subject": USER, "predicate": "works_at"}
            now = await client.call_tool("get_facts", asked)
            ended = await client.call_tool("get_facts", {**asked, "include_endings": True})
        return now.structured_content or {}, ended.structured_content or {}

    with live_server(create_app(told.container)) as url:
        now, ended = asyncio.run(run(url))
    assert values(now["facts"]) == NOW
    assert values(ended["facts"]) == WITH_ENDINGS


@pytest.fixture
def site(told: Memory) -> Iterator[str]:
    with live_server(create_app(told.container)) as url:
        yield url


def test_the_page_shows_no_ended_employer_now_and_marks_the_ending_on_the_timeline(
    browser: WebDriver,
    site: str,
) -> None:
    browser.get(f"{site}/ui?user_id={USER}#/entity/{USER}")
    ready(browser, f"entity:{USER}::")
    now = texts(browser, "#facts td.value")
    assert "Globex" in now and "Acme" not in now
    bars = [t for t in texts(browser, "#timeline-svg text") if "Acme" in t]
    assert "no longer Acme" in bars
    negated = browser.find_elements(By.CSS_SELECTOR, "#timeline-svg rect.bar.negated")
    assert len(negated) == 1
