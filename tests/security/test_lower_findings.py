"""The lower findings of issue 34 (item 9): a hostile record id cannot turn the page's button
into another action (headless Chromium, both backends); deep GraphQL variables are a 400, not
a 500 with a logged traceback; `palimpsest mcp --user-id` pins the tenant (the SDK's client over
stdio); a malformed key map stops start-up with a clear message. A store newer than the code is
refused at open: tests/upgrade/test_newer_store.py (StoreTooNew)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from graph.domain.errors import InvalidInput
from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory
from service.http.app import create_app
from service.http.auth import parse_keys
from service.write.uow import committing, in_unit
from tests.conftest import T0
from tests.support.live import live_server

ROOT = Path(__file__).resolve().parents[2]
GROUP = TenantScope(user_id="alice").group_id


@pytest.fixture
def hostile(memory: Memory) -> Iterator[tuple[str, str, str]]:
    """A disputed-free tenant with one record, and a pending candidate whose id is a path to
    that record's reject action (as a restored or migrated file could hold)."""
    (kept,) = memory.add("I live in Berlin.", user_id="alice")["results"]
    held = memory.add("Atlas supports LDAP", user_id="alice", source_type="agent_generated")
    (pending,) = held["candidates"]
    store = memory.container.store
    candidate = store.read(lambda tx: tx.candidates.get(GROUP, pending["id"]))
    assert candidate is not None
    evil = f"../facts/{kept['fact']['id']}/reject?"
    copy = candidate.model_copy(update={"uuid": evil})
    in_unit(store, T0 + timedelta(days=1), committing(lambda uow: uow.candidates([copy])))
    with live_server(create_app(memory.container)) as url:
        yield url, evil, kept["fact"]["id"]


def test_a_hostile_id_cannot_turn_confirm_into_another_action(
    browser: WebDriver, hostile: tuple[str, str, str], memory: Memory
) -> None:
    site, evil, kept = hostile
    browser.get(f"{site}/ui?user_id=alice#/review")
    WebDriverWait(browser, 60).until(
        lambda d: str(d.execute_script("return document.body.dataset.ready || ''")).startswith(
            "review:"
        )
    )
    browser.find_element(By.ID, f"confirm-{evil}").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "p.error"))
    assert "not_found" in browser.find_element(By.CSS_SELECTOR, "p.error").text
    fact = memory.get_fact(kept, user_id="alice")
    assert fact["verify_status"] != "rejected" and fact["expired_at"] is None


def test_deep_graphql_variables_are_a_400(memory: Memory, caplog: pytest.LogCaptureFixture) -> None:
    query = 'query($q: String!) { search(q: $q, userId: "alice") { id } }'
    for depth in (1_000, 100_000):
        nested = "[" * depth + '"x"' + "]" * depth
        body = f'{{"query": {json.dumps(query)}, "variables": {{"q": {nested}}}}}'
        app = create_app(memory.container)
        with caplog.at_level(logging.ERROR), TestClient(app, base_url="http://127.0.0.1") as client:
            answer = client.post(
                "/graphql", content=body, headers={"content-type": "application/json"}
            )
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "invalid_input"
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_palimpsest_mcp_user_id_pins_the_tenant(tmp_path: Path) -> None:
    env = {
        **os.environ, "PYTHONPATH": str(ROOT), "PALIMPSEST_EMBEDDER": "hashing",
        "PALIMPSEST_BACKEND": "sqlite", "PALIMPSEST_DATA_DIR": str(tmp_path),
    }  # fmt: skip
    code = "import sys; from service.cli import main; sys.exit(main())"
    params = StdioServerParameters(
        command=sys.executable, args=["-c", code, "mcp", "--user-id", "alice"], env=env
    )

    async def agent() -> tuple[Any, str, str]:
        async with Client(params, read_timeout_seconds=120) as client:
            added = await client.call_tool("add_memory", {"messages": "I live in Oslo."})
            foreign = await client.call_tool("get_facts", {"user_id": "bob"})
            write = await client.call_tool(
                "add_memory", {"messages": "I moved to Pwnedville.", "user_id": "bob"}
            )
            assert not added.is_error and foreign.is_error and write.is_error
            own = await client.call_tool("get_facts", {"user_id": "alice"})
            text = [foreign.content[0].text, write.content[0].text]  # type: ignore[union-attr]
            return own.structured_content, text[0], text[1]

    own, foreign, write = asyncio.run(agent())
    assert [f["value"] for f in own["facts"]] == ["Oslo"]
    assert "forbidden:" in foreign and "forbidden:" in write
    with _memory(tmp_path) as memory:
        assert memory.facts(user_id="bob")["facts"] == []


def _memory(data_dir: Path) -> Memory:
    from service.settings import Settings

    return Memory(Settings(data_dir=data_dir, embedder="hashing"))


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ({"k": {"user_id": "alice", "principals": "team-a"}}, "principals must be a list"),
        ({"k": {"user_id": "alice", "principals": None}}, "principals must be a list"),
        ({"k": {"user_id": "alice", "principals": [1]}}, "principals must be a list"),
        ({"k": {"user_id": None}}, "user_id must be a non-empty string"),
        ({"k": {"user": "alice"}}, "maps to a user id"),
        ({"k": 5}, "maps to a user id"),
    ],
)
def test_a_malformed_key_map_is_refused_with_a_clear_message(
    keys: dict[str, Any], words: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse_keys(json.dumps(keys))
    assert words in refused.value.message and '"k"' not in refused.value.message


def test_serve_stops_at_start_on_a_malformed_key_map(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from service.cli import main

    secret = "sk-live-0123456789abcdef"
    keys = {secret: {"user_id": "a", "principals": "x"}}
    monkeypatch.setenv("PALIMPSEST_API_KEYS", json.dumps(keys))
    assert main(["serve", "--data-dir", str(tmp_path), "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "principals must be a list" in err and secret not in err and "Traceback" not in err
