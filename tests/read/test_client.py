"""The Python client's read methods: the REST arguments, the same answers, the same errors."""

from __future__ import annotations

import pytest

from graph.domain.errors import InvalidInput, InvalidTime, NotFound
from service.clients.memory import Memory
from tests.read.stories import correction_story, only_fact, subscription_story


def test_facts_and_search_take_the_rest_arguments(memory: Memory) -> None:
    subscription_story(memory)
    now = memory.facts(user_id="acme", subject="customer")["facts"]
    assert [f["value"] for f in now] == ["active"]
    then = memory.facts(user_id="acme", subject="customer", as_of="2025-12")["facts"]
    assert [f["value"] for f in then] == ["cancelled"]
    hits = memory.search("customer subscription", user_id="acme", as_of="2025-12-31", limit=3)
    assert [h["fact"]["value"] for h in hits["results"]] == ["cancelled"]


def test_known_at_accepts_datetimes_and_history_comes_from_the_conflict_methods(
    memory: Memory,
) -> None:
    story = correction_story(memory)
    believed = memory.facts(
        user_id="alice", predicate="birthday", known_at=story["wrong"]["created_at"]
    )
    assert [f["value"] for f in believed["facts"]] == ["May 4"]
    chains = memory.history("alice", user_id="alice", predicate="birthday")["chains"]
    assert [v["value"] for v in chains[0]["versions"]] == ["May 4", "May 3"]


def test_one_fact_by_id_within_the_tenant(memory: Memory) -> None:
    mine = only_fact(memory.add("I live in Berlin.", user_id="alice"))
    assert memory.get_fact(mine["id"], user_id="alice")["value"] == "Berlin"
    with pytest.raises(NotFound):
        memory.get_fact(mine["id"], user_id="bob")


def test_bad_arguments_raise_the_error_classes(memory: Memory) -> None:
    with pytest.raises(InvalidInput, match="unknown parameter"):
        memory.facts(user_id="alice", colour="red")
    with pytest.raises(InvalidTime):
        memory.facts(user_id="alice", as_of="someday")
    with pytest.raises(InvalidInput):
        memory.search("   ", user_id="alice")
    with pytest.raises(InvalidInput):
        memory.search("x", user_id="alice", limit=500)
    with pytest.raises(InvalidInput):
        memory.facts(subject="alice")
