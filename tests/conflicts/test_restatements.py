"""Hypothesis: a restatement is a duplicate whatever the write order (issue 32, item 2).

A single-valued state told as a chain of distinct values (Oslo 2019, Berlin 2021, Paris 2023),
each statement possibly said again, in any order of arrival: the chain holds one record per
value, no version is zero-length, and restating a value at its own time never writes. Both
backends (the `memory` fixture is parametrised by backend).
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from service.clients.memory import Memory

PROPERTY = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
CHAIN = (("Oslo", 2019), ("Berlin", 2021), ("Paris", 2023))
_tenants = itertools.count()

said = st.lists(st.sampled_from(range(len(CHAIN))), min_size=1, max_size=7).filter(
    lambda told: told[0] != told[-1] or len(told) == 1
)


def _say(memory: Memory, user: str, n: int) -> dict[str, Any]:
    city, year = CHAIN[n]
    (result,) = memory.add(
        f"I moved to {city} in {year}.", user_id=user, observation_date=f"{year}-06-01"
    )["results"]
    return result


def _versions(memory: Memory, user: str) -> list[dict[str, Any]]:
    (chain,) = memory.history(user, user_id=user, predicate="lives_in")["chains"]
    return list(chain["versions"])


@PROPERTY
@given(told=said)
def test_a_restated_value_is_one_version_whatever_the_order(
    memory: Memory, told: list[int]
) -> None:
    user = f"restate{next(_tenants)}"
    events = [(n, _say(memory, user, n)["event"]) for n in told]
    note(repr(events))
    versions = _versions(memory, user)
    values = [v["value"] for v in versions if v["expired_at"] is None]
    assert sorted(values) == sorted({CHAIN[n][0] for n in told})
    for version in versions:
        assert version["invalid_at"] is None or version["invalid_at"] > version["valid_at"]
    seen: set[int] = set()
    for n, event in events:
        assert (event in {"DUPLICATE", "NOOP"}) == (n in seen), events
        seen.add(n)


def test_the_issue_s_restatement_after_a_move_is_a_duplicate(memory: Memory) -> None:
    """README's "I moved to Berlin in 2023." said again after the move to Paris."""
    say = lambda text, when: memory.add(text, user_id="sam", observation_date=when)["results"]  # noqa: E731
    say("I moved to Berlin in 2023.", "2023-06-01")
    say("I moved to Paris in 2025.", "2025-03-01")
    again = [say("I moved to Berlin in 2023.", "2023-06-01")[0] for _ in range(2)]
    assert [r["event"] for r in again] == ["DUPLICATE", "DUPLICATE"]
    (chain,) = memory.history("sam", user_id="sam", predicate="lives_in")["chains"]
    assert [v["value"] for v in chain["versions"]] == ["Berlin", "Paris"]
