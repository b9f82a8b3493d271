"""Memberships held together and memberships one at a time, through the judge on both backends
(issue 31, bench.recall.relations).

A membership of a body one belongs to alongside others (an academy, a learned society, an
association, a council, a club: `together_en`/`together_zh` in predicates.toml's
`[membership]`) neither closes another membership nor is closed by one. Any other membership
is one at a time: a second party closes the first (bench.read.asof's party chains), and so
does a body whose name does not say what it is.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.clients.memory import Memory


def say(memory: Memory, text: str, when: str) -> None:
    memory.add(text, user_id="alice", observation_date=when)


def members(memory: Memory, subject: str, **when: Any) -> set[str]:
    found = memory.facts(user_id="alice", subject=subject, predicate="member_of", **when)
    return {f["value"].removeprefix("the ") for f in found["facts"]}


TOGETHER = [
    ("Ada Byron is a member of the Royal Society.",
     "Ada Byron is a member of the Serbian Academy of Sciences and Arts.",
     "Ada Byron", "Royal Society", "Serbian Academy of Sciences and Arts"),
    ("Ada Byron is a member of the Labour Party.",
     "Ada Byron is a member of the Privy Council of Sweden.",
     "Ada Byron", "Labour Party", "Privy Council of Sweden"),
    ("Ada Byron is a member of the Royal Society of Edinburgh.",
     "Ada Byron is a member of the Liberal Party.",
     "Ada Byron", "Royal Society of Edinburgh", "Liberal Party"),
    ("我是中国数学学会的会员", "我是自行车协会的会员", None, "中国数学学会", "自行车协会"),
]  # fmt: skip

ONE_AT_A_TIME = [
    ("Ada Byron is a member of the Labour Party.", "Ada Byron is a member of the Liberal Party.",
     "Ada Byron", "Liberal Party"),
    ("Ada Byron is a member of Solidarnost.", "Ada Byron is a member of the Liberal Movement.",
     "Ada Byron", "Liberal Movement"),
    ("我加入了绿党", "我加入了工党", None, "工党"),
]  # fmt: skip


def _subject(memory: Memory, subject: str | None) -> str:
    if subject is not None:
        return subject
    (fact,) = memory.facts(user_id="alice", predicate="member_of", limit=1)["facts"]
    return str(fact["subject"])


@pytest.mark.parametrize(("first", "second", "subject", "older", "newer"), TOGETHER)
def test_a_membership_held_alongside_others_closes_none_and_is_closed_by_none(
    memory: Memory, first: str, second: str, subject: str | None, older: str, newer: str
) -> None:
    say(memory, first, "2020-01-01")
    say(memory, second, "2021-01-01")
    who = _subject(memory, subject)
    assert members(memory, who) == {older, newer}
    assert members(memory, who, as_of="2020-06") == {older}


@pytest.mark.parametrize(("first", "second", "subject", "now"), ONE_AT_A_TIME)
def test_a_second_membership_of_an_exclusive_or_unknown_kind_closes_the_first(
    memory: Memory, first: str, second: str, subject: str | None, now: str
) -> None:
    say(memory, first, "2020-01-01")
    say(memory, second, "2021-01-01")
    who = _subject(memory, subject)
    assert members(memory, who) == {now}
    assert len(members(memory, who, as_of="2020-06")) == 1
    assert members(memory, who, as_of="2020-06") != {now}
