"""A statement told later against one whose start was only the day it was told, on both
backends (docs/write.md, "Told later").

"I live in Boston" said on 1 June 2026 names no start: its `valid_at` is the day it was told.
"I moved to Denver last year", said on 1 November, tells what holds since 2025: the newer
telling supersedes Boston (which closes at its own `valid_at`), while what the store believed
in between still says Boston. A period told later that is closed ("from 2015 to 2019") or that
names no start or end ("in 2019"), and any statement against a start that was said, stays
history, as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.clients.memory import Memory


def say(memory: Memory, text: str, when: str, user: str = "sam") -> dict[str, Any]:
    (result,) = memory.add(text, user_id=user, observation_date=when)["results"]
    return result


def now(memory: Memory, user: str = "sam", **asked: Any) -> set[str]:
    found = memory.facts(user_id=user, predicate="lives_in", **asked)["facts"]
    return {f["value"] for f in found}


MOVES = [
    ("I live in Boston.", "I moved to Denver last year.", "Boston", "Denver"),
    ("I live in Boston.", "I have lived in Denver since 2024.", "Boston", "Denver"),
    ("I live in Boston.", "I relocated to Denver in 2025.", "Boston", "Denver"),
    ("我住在波士顿", "我去年搬到了丹佛", "波士顿", "丹佛"),
    ("我住在波士顿", "我自从2024年就住在丹佛", "波士顿", "丹佛"),
]


class TestToldLaterStartSupersedesAStartNobodySaid:
    @pytest.mark.parametrize(("first", "later", "old", "new"), MOVES)
    def test_the_later_telling_is_the_current_fact(
        self, memory: Memory, first: str, later: str, old: str, new: str
    ) -> None:
        before = say(memory, first, "2026-06-01")
        after = say(memory, later, "2026-11-01")
        assert after["event"] == "UPDATE"
        assert [c["conflict_type"] for c in after["conflicts"]] == ["temporal_update"]
        assert after["fact"]["invalid_at"] is None
        assert after["fact"]["supersedes"] == before["id"]
        assert after["fact"]["told_at"].startswith("2026-11-01")
        assert now(memory) == {new}
        assert now(memory, as_of="2026-07-01") == {new}
        assert now(memory, as_of="2025-06-01") == {new}

    def test_the_old_record_closes_at_its_own_start_and_stays_in_history(
        self, memory: Memory
    ) -> None:
        boston = say(memory, "I live in Boston.", "2026-06-01")
        denver = say(memory, "I moved to Denver last year.", "2026-11-01")
        (chain,) = memory.history("sam", user_id="sam", predicate="lives_in")["chains"]
        closed = next(f for f in chain["versions"] if f["id"] == boston["id"])
        assert closed["valid_at"].startswith("2026-06-01")
        assert closed["invalid_at"].startswith("2026-06-01")
        assert (closed["superseded_by"], closed["verify_status"]) == (denver["id"], "superseded")
        assert closed["expired_at"] is None
        assert memory.history("sam", user_id="sam")["broken"] == []

    def test_what_we_believed_in_between_is_still_boston(self, memory: Memory) -> None:
        boston = say(memory, "I live in Boston.", "2026-06-01")
        denver = say(memory, "I moved to Denver last year.", "2026-11-01")
        between = boston["fact"]["created_at"]
        assert between < denver["fact"]["created_at"]
        assert now(memory, known_at=between) == {"Boston"}
        assert now(memory, as_of="2026-07-01", known_at=between) == {"Boston"}
        assert now(memory, as_of="2025-06-01", known_at=between) == set()


CLOSED = [
    ("I live in Boston.", "I lived in Denver from 2015 to 2019.", "Boston", "Denver"),
    ("I live in Boston.", "I lived in Denver in 2019.", "Boston", "Denver"),
    ("我住在波士顿", "我2015年到2019年住在丹佛", "波士顿", "丹佛"),
]
"""Each period holds on 1 June 2019."""


class TestToldLaterClosedPeriodStaysHistory:
    @pytest.mark.parametrize(("first", "later", "old", "new"), CLOSED)
    def test_an_earlier_period_told_later_does_not_replace_the_current_fact(
        self, memory: Memory, first: str, later: str, old: str, new: str
    ) -> None:
        say(memory, first, "2026-06-01")
        after = say(memory, later, "2026-11-01")
        assert after["event"] == "ADD"
        assert now(memory) == {old}
        assert now(memory, as_of="2019-06-01") == {new}


class TestToldLaterAgainstASaidStartStaysHistory:
    def test_a_start_that_was_said_is_not_overtaken(self, memory: Memory) -> None:
        say(memory, "I moved to Boston in March 2026.", "2026-06-01")
        after = say(memory, "I moved to Denver last year.", "2026-11-01")
        assert after["event"] == "ADD"
        assert after["fact"]["invalid_at"].startswith("2026-03-01")
        assert now(memory) == {"Boston"}
        assert now(memory, as_of="2025-06-01") == {"Denver"}

    def test_a_start_told_earlier_than_the_current_record_stays_history(
        self, memory: Memory
    ) -> None:
        say(memory, "I live in Boston.", "2026-06-01")
        after = say(memory, "I moved to Denver last year.", "2026-05-01")
        assert after["event"] == "ADD"
        assert now(memory) == {"Boston"}


class TestToldLaterInEitherOrderOfArrival:
    @pytest.mark.parametrize(("first", "later", "old", "new"), MOVES)
    def test_the_earlier_telling_arriving_last_is_history(
        self, memory: Memory, first: str, later: str, old: str, new: str
    ) -> None:
        moved = say(memory, later, "2026-11-01")
        told = say(memory, first, "2026-06-01")  # an older message imported after
        assert told["event"] == "ADD"
        assert told["fact"]["invalid_at"].startswith("2026-06-01")
        assert told["fact"]["superseded_by"] == moved["id"]
        assert now(memory) == {new}
        assert now(memory, as_of="2026-07-01") == {new}
        assert now(memory, as_of="2025-06-01") == {new}
        assert memory.history("sam", user_id="sam")["broken"] == []
