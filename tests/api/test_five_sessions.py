"""The five-session agent scenario of issue 32, end to end on both backends: what a person and
an agent *read* is right on REST, MCP and the page.

sam lived in Oslo, moved to Berlin in 2023, worked at Acme, left it and joined Globex, has a dog
named Rex, is allergic to peanuts, and has a friend Bob in Madrid. The assistant talks too. Each
session is one add of a conversation (user and assistant turns) at its own observation date.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from selenium.webdriver.remote.webdriver import WebDriver

from service.clients.memory import Memory
from service.http.app import create_app
from tests.api.test_ui_browser import ready, texts
from tests.support.live import live_server

USER = "sam"
SESSIONS: list[tuple[str, list[tuple[str, str]]]] = [
    ("2021-03-01", [("user", "I live in Oslo."), ("assistant", "Nice, Oslo is lovely.")]),
    ("2022-02-01", [("user", "I work at Acme."), ("assistant", "Good to know.")]),
    ("2023-06-01", [("user", "I moved to Berlin in 2023."), ("user", "I have a dog named Rex.")]),
    ("2024-05-10", [("user", "I left Acme last month and joined Globex."),
                    ("user", "I can't eat peanuts, I'm allergic.")]),
    ("2024-09-01", [("user", "My friend Bob lives in Madrid."),
                    ("user", "I moved to Berlin in 2023.")]),
]  # fmt: skip
NOW = {
    ("lives_in", "Berlin"), ("works_at", "Globex"), ("pet", "Rex"), ("allergy", "peanuts"),
    ("friend_of", "Bob"),
}  # fmt: skip


def tell(memory: Memory) -> list[dict[str, Any]]:
    results = []
    for day, turns in SESSIONS:
        messages = [{"role": role, "content": text} for role, text in turns]
        results += memory.add(messages, user_id=USER, observation_date=day)["results"]
    return results


@pytest.fixture
def told(memory: Memory) -> tuple[Memory, list[dict[str, Any]]]:
    return memory, tell(memory)


def pairs(facts: list[dict[str, Any]], subject: str = USER) -> set[tuple[str, str]]:
    return {
        (f["predicate"], f["value"])
        for f in facts
        if f["subject"].lower() == subject and f["polarity"] > 0
    } | {(f["predicate"], f["subject"]) for f in facts if f["value"].lower() == subject}


def test_rest_reads_right(told: tuple[Memory, list[dict[str, Any]]]) -> None:
    memory, results = told
    restated = [r for r in results if r["fact"]["value"] == "Berlin"]
    assert [r["event"] for r in restated][-1] in {"DUPLICATE", "NOOP"}
    with TestClient(create_app(memory.container), base_url="http://127.0.0.1") as client:
        now = client.get("/v1/facts", params={"user_id": USER}).json()["facts"]
        then = client.get("/v1/facts", params={"user_id": USER, "as_of": "2022-06"}).json()
        bob = client.get("/v1/facts", params={"user_id": USER, "subject": "bob"}).json()
        paths = client.get("/v1/paths", params={"user_id": USER, "from": USER, "to": "bob"})
        history = client.get(f"/v1/entities/{USER}/history",
                             params={"user_id": USER, "predicate": "lives_in"}).json()  # fmt: skip
    assert pairs(now) >= NOW
    assert ("works_at", "Acme") not in pairs(now)
    assert all(f["source_type"] != "user" or f["subject"] != "Oslo" for f in now)
    assert not [f for f in now if "lovely" in f["value"] and f["source_type"] == "user"]
    assert {("lives_in", "Oslo"), ("works_at", "Acme")} <= pairs(then["facts"])
    assert ("lives_in", "Madrid") in {(f["predicate"], f["value"]) for f in bob["facts"]}
    assert paths.status_code == 200 and paths.json()["paths"]
    (chain,) = history["chains"]
    assert [v["value"] for v in chain["versions"]] == ["Oslo", "Berlin"]
    assert all(
        v["invalid_at"] is None or v["invalid_at"] > v["valid_at"] for v in chain["versions"]
    )


def test_mcp_reads_the_same(told: tuple[Memory, list[dict[str, Any]]]) -> None:
    memory, _ = told

    async def run(url: str) -> dict[str, Any]:
        async with Client(streamable_http_client(f"{url}/mcp")) as client:
            answer = await client.call_tool("get_facts", {"user_id": USER})
            return answer.structured_content or {}

    with live_server(create_app(memory.container)) as url:
        facts = asyncio.run(run(url))["facts"]
    assert pairs(facts) >= NOW
    assert ("works_at", "Acme") not in pairs(facts)


@pytest.fixture
def site(told: tuple[Memory, list[dict[str, Any]]]) -> Iterator[str]:
    with live_server(create_app(told[0].container)) as url:
        yield url


def test_the_page_reads_the_same(browser: WebDriver, site: str) -> None:
    browser.get(f"{site}/ui/?user_id={USER}#/entity/{USER}")
    ready(browser, f"entity:{USER}::")
    shown = texts(browser, "#facts td.value")
    assert {"Berlin", "Globex", "Rex", "peanuts"} <= set(shown)
    assert "Acme" not in shown and "Oslo" not in shown
