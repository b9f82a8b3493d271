"""Names the alias table does not know, through the real service on both backends (issue 12,
item 4): a new value of a single-valued relation, named in another script, whose name the
encoder finds near the current one's is held for review (never an automatic UPDATE, never
merged); a reviewer confirms it as an UPDATE or rejects it as another name of the current
value. A clearly different value, or a near name in the same script, is an UPDATE as before;
a name in the table is the same value (tests/conflicts/test_endings.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from graph.domain.clock import ManualClock
from graph.ports.store import Store
from service.clients.memory import Memory
from tests.conftest import T0

NEAR = [  # not in the alias table; the multilingual encoder finds each pair near (>= 0.88)
    ("I live in England.", "我住在英格兰", "England", "英格兰"),
    ("我住在夏威夷", "I live in Hawaii.", "夏威夷", "Hawaii"),
    ("I live in California.", "我住在加州", "California", "加州"),
]


def say(memory: Memory, text: str, when: str) -> dict[str, Any]:
    (result,) = memory.add(text, user_id="alice", observation_date=when)["results"]
    return result


def current(memory: Memory) -> dict[str, dict[str, Any]]:
    found = memory.facts(user_id="alice", predicate="lives_in")["facts"]
    return {f["value"]: f for f in found}


@pytest.mark.parametrize(("first", "second", "old", "new"), NEAR)
def test_a_near_name_missing_from_the_table_is_held_for_review_not_an_update(
    memory: Memory, first: str, second: str, old: str, new: str
) -> None:
    kept = say(memory, first, "2025-01-01")
    maybe = say(memory, second, "2025-06-01")
    assert maybe["event"] == "ADD" and maybe["fact"]["value"] == new
    assert maybe["fact"]["needs_confirmation"] is True
    ((conflict),) = maybe["conflicts"]
    assert (conflict["target_id"], conflict["action"], conflict["executed"]) == (
        kept["id"],
        "UPDATE",
        False,
    )
    assert f"may be another name of {old!r}" in conflict["reason"]
    now = current(memory)
    assert now[old]["id"] == kept["id"] and now[old]["invalid_at"] is None  # not closed
    assert now[old]["verify_status"] != "superseded" and not now[old]["disputed"]
    assert [f["value"] for f in memory.facts(user_id="alice", as_of="2025-03")["facts"]] == [old]


def test_rejecting_the_held_name_keeps_the_current_value_alone(memory: Memory) -> None:
    kept = say(memory, "I live in England.", "2025-01-01")
    maybe = say(memory, "我住在英格兰", "2025-06-01")
    memory.reject_fact(maybe["id"], user_id="alice")
    assert [(f["id"], f["invalid_at"]) for f in current(memory).values()] == [(kept["id"], None)]


def test_confirming_the_held_name_makes_it_the_update(memory: Memory) -> None:
    kept = say(memory, "I live in England.", "2025-01-01")
    maybe = say(memory, "我住在英格兰", "2025-06-01")
    memory.confirm_fact(maybe["id"], user_id="alice")
    assert list(current(memory)) == ["英格兰"]
    assert current(memory)["英格兰"]["needs_confirmation"] is False
    (then,) = memory.facts(user_id="alice", predicate="lives_in", as_of="2025-03")["facts"]
    assert (then["id"], then["invalid_at"][:10]) == (kept["id"], "2025-06-01")


@pytest.mark.parametrize(
    ("first", "second", "new"),
    [
        ("I live in Munich.", "I live in Lisbon.", "Lisbon"),
        ("I live in Italy.", "我住在西班牙", "西班牙"),  # another script, not near
        ("我住在北京", "我住在成都", "成都"),
        ("I live in Munich.", "I live in München.", "München"),  # near, but the same script
        ("I work at Company A.", "I work at Company B.", "Company B"),
    ],
)
def test_a_clearly_different_value_is_an_update_as_before(
    memory: Memory, first: str, second: str, new: str
) -> None:
    say(memory, first, "2025-01-01")
    moved = say(memory, second, "2025-06-01")
    assert (moved["event"], moved["fact"]["needs_confirmation"]) == ("UPDATE", False)
    assert [c["executed"] for c in moved["conflicts"]] == [True]
    assert "another name" not in moved["conflicts"][0]["reason"]
    now = memory.facts(user_id="alice")["facts"]
    assert [f["value"] for f in now] == [new]


@pytest.fixture
def unheld(store: Store, extractor: object, embedder: object) -> Iterator[Memory]:
    """`Memory` with the review of near names turned off (PALIMPSEST_ALIAS_REVIEW=false)."""
    from service.bootstrap import bootstrap
    from service.settings import Settings

    clock = ManualClock(T0, tick=timedelta(milliseconds=1))
    container = bootstrap(
        Settings(alias_review=False),
        store=store,
        clock=clock,
        extractor=extractor,  # type: ignore[arg-type]
        embedder=embedder,  # type: ignore[arg-type]
    )
    yield Memory(container=container)


def test_with_the_review_off_a_near_name_is_an_update(unheld: Memory) -> None:
    say(unheld, "I live in England.", "2025-01-01")
    moved = say(unheld, "我住在英格兰", "2025-06-01")
    assert (moved["event"], moved["fact"]["needs_confirmation"]) == ("UPDATE", False)
    assert list(current(unheld)) == ["英格兰"]
