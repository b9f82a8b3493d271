"""Who a sentence is about, through `Memory.add` on both backends (issue 37).

The conversation of the issue's table, one turn per add: each fact is about the film, the
actor or the singer talked about, never the user; pronouns and "这部电影" resolve across adds
through the discourse state stored on the episodes; reprocessing reads each episode in the
state it was first read in; a batch reads the same turns the same way.
"""

from __future__ import annotations

from typing import Any

import pytest

USER = "sam"
TABLE = [
    "Have you seen the film Gattaca? Ethan Hawke plays the lead.",
    "He was born on November 6, 1970.",
    "She is 170 cm tall.",
    "你知道周杰伦吗？",
    "他是1979年1月18日出生的。",
    "他的身高是175厘米。",
    "你看过卧虎藏龙这部电影吗？",
    "这部电影是由李安执导的。",
]
EXPECTED = {
    ("Gattaca", "starring", "Ethan Hawke"),
    ("Ethan Hawke", "birthday", "November 6, 1970"),
    ("周杰伦", "birthday", "1979年1月18日"),
    ("周杰伦", "height", "175厘米"),
    ("卧虎藏龙", "directed_by", "李安"),
}


def facts(memory: Any, user: str = USER) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.value) for f in memory.facts(user_id=user).facts}


def test_the_issue_table_stores_facts_about_the_right_entities(memory: Any) -> None:
    for turn in TABLE:
        memory.add(turn, user_id=USER)
    stored = facts(memory)
    assert stored == EXPECTED
    assert not [f for f in stored if f[0] == USER]  # nothing about the user
    # "She is 170 cm tall.": no woman is under discussion, so no fact, but the turn is kept
    hits = memory.search("170 cm", user_id=USER).results
    assert any("170 cm" in (h.memory or "") for h in hits)


def test_reprocessing_reads_each_turn_in_the_state_it_was_read_in(memory: Any) -> None:
    for turn in TABLE:
        memory.add(turn, user_id=USER)
    memory.reprocess(user_id=USER, only_stale=False)
    assert facts(memory) == EXPECTED


def test_a_batch_reads_a_conversation_in_order(memory: Any) -> None:
    out = memory.add_batch([{"messages": turn, "user_id": USER} for turn in TABLE])
    assert all(item.error is None for item in out.results)
    assert facts(memory) == EXPECTED


def test_conversations_are_kept_apart_by_run(memory: Any) -> None:
    memory.add("你知道周杰伦吗？", user_id=USER, run_id="a")
    memory.add("他是1979年1月18日出生的。", user_id=USER, run_id="b")  # nobody named in run b
    memory.add("他是1979年1月18日出生的。", user_id=USER, run_id="a")
    assert facts(memory) == {("周杰伦", "birthday", "1979年1月18日")}


def test_one_message_of_several_turns_threads_them(memory: Any) -> None:
    memory.add(
        [
            {"role": "user", "content": "Do you know Jay Chou?"},
            {"role": "assistant", "content": "Yes, the singer."},
            {"role": "user", "content": "He was born in 1979."},
        ],
        user_id=USER,
    )
    assert facts(memory) == {("Jay Chou", "birthday", "1979")}


@pytest.mark.parametrize(
    ("context", "sentence"),
    [
        ("Do you know Jay Chou?", "He was born in 1979."),
        ("Do you know Jay Chou?", "His height is 175 cm."),
        ("Have you seen the film Jaws?", "It was released in 1975."),
        ("", "She moved to Singapore in 2021."),
        ("", "He is 180 cm tall."),
        ("你知道周杰伦吗？", "他是1979年1月18日出生的。"),
        ("知道恋恋笔记本这部电影吗？", "导演是尼克·卡索维茨。"),
        ("知道恋恋笔记本这部电影吗？", "是一部爱情片。"),
        ("", "他的身高是175厘米。"),
        ("", "是2004年上映的。"),
        ("", "这部电影是由李安执导的。"),
    ],
)
def test_no_fact_about_the_speaker_from_a_third_person_sentence(
    memory: Any, context: str, sentence: str
) -> None:
    if context:
        memory.add(context, user_id=USER)
    memory.add(sentence, user_id=USER)
    assert not [f for f in facts(memory) if f[0] == USER]


def test_no_fact_has_its_own_subject_as_value(memory: Any) -> None:
    """Whatever reader makes it, `X <relation> X` says nothing: the write keeps none (收购它的是
    SCMP集团 gave `SCMP集团 收购的它 SCMP集团`)."""
    turns = ["是华星唱片这家公司。", "它是于1971年，1996年被收购的。", "哦，那是谁收购了它呀？"]
    for turn in [*turns, "收购它的是SCMP集团。"]:
        memory.add(turn, user_id=USER)
    stored = facts(memory)
    assert stored  # the conversation still gives facts
    assert not [f for f in stored if f[0].casefold() == f[2].casefold()]


FORGOTTEN = ["你知道周杰伦吗？", *["今天天气不错。"] * 9, "他是1979年1月18日出生的。"]
"""A person named, then nine turns that name nobody, then 他: past the eight-turn horizon."""
REMEMBERED = ["你知道周杰伦吗？", *["今天天气不错。"] * 3, "他是1979年1月18日出生的。"]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [(FORGOTTEN, set()), (REMEMBERED, {("周杰伦", "birthday", "1979年1月18日")})],
)
def test_a_referent_ages_by_a_turn_per_add_as_within_one(
    memory: Any, turns: list[str], expected: set[tuple[str, str, str]]
) -> None:
    """Each add is a turn later than the one before: a person named nine adds ago is past the
    horizon, as nine turns of one message are (before: a state read from the store was given
    to the next add as it was left, so across adds nobody ever aged)."""
    for turn in turns:
        memory.add(turn, user_id=USER)
    assert {f for f in facts(memory) if f[1] == "birthday"} == expected
    memory.add(
        [{"role": "user", "content": t} for t in turns], user_id="other", run_id="one-message"
    )
    assert {f for f in facts(memory, "other") if f[1] == "birthday"} == expected
