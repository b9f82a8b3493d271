"""Hypothesis: whatever a caller sends to the read endpoints, the answer is a 200 or a 4xx in
the one error shape, never a 500, and never another tenant's record. Both backends.

Query text reaches FTS5 and Lucene query syntax (quotes, NEAR, field:, wildcards, unbalanced
parentheses), the entity lookup and the encoder; time arguments reach the parser."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.clients.memory import Memory
from service.http.app import create_app

SYNTAX = [
    '"',
    "'",
    "*",
    ":",
    "(",
    ")",
    "NEAR(",
    "AND",
    "OR",
    "NOT",
    "-",
    "^",
    "~",
    "\\",
    "grp:",
    "body:",
    "group_id:",
    "{",
    "}",
    "[",
    "]",
    "\x00",
    "\u200b",
    "显卡",
    "RTX 4090",
    "%",
]
queries = st.lists(st.sampled_from(SYNTAX) | st.text(max_size=12), min_size=1, max_size=8).map(
    " ".join
)
times = st.sampled_from(["2024", "2024-06", "2024-06-01", "2024-06-01T10:00:00Z", "now"]) | st.text(
    max_size=20
)
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def seeded(memory: Memory) -> Any:
    memory.add("我的显卡是RTX 4090。", user_id="alice")
    memory.add('My "secret" plan (NEAR the lab) is OR-shaped.', user_id="alice", infer=False)
    memory.add("I live in Rome.", user_id="bob")
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as client:
        yield client


@FUZZ
@given(q=queries, as_of=st.none() | times, known_at=st.none() | times)
def test_search_never_fails_and_never_leaks(
    seeded: TestClient, q: str, as_of: str | None, known_at: str | None
) -> None:
    params = {"q": q, "user_id": "alice", "as_of": as_of, "known_at": known_at}
    response = seeded.get("/v1/search", params={k: v for k, v in params.items() if v is not None})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 422:
        assert set(response.json()["error"]) >= {"code", "message"}
        return
    for hit in response.json()["results"]:  # a fact, or a turn shown as an episode
        assert (hit["fact"] or {}).get("subject") != "bob"
        assert "Rome" not in hit["memory"]


@FUZZ
@given(subject=st.text(max_size=30), predicate=st.none() | st.text(max_size=30))
def test_fact_queries_never_fail(seeded: TestClient, subject: str, predicate: str | None) -> None:
    params = {"user_id": "alice", "subject": subject, "predicate": predicate}
    response = seeded.get("/v1/facts", params={k: v for k, v in params.items() if v is not None})
    assert response.status_code in (200, 422), response.text
    if response.status_code == 200:
        assert all(f["subject"] != "bob" for f in response.json()["facts"])
