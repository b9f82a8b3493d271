"""Endings, starts, hedges and aliases through the judge, on both backends (issue 12).

An ending ("no longer", quit, left, 不再, 离职, 搬走) closes the current record at the statement's
time instead of disputing it; a start ("started at", joined, 入职) opens one and closes the
previous single-valued record; the same value under another name is a restatement; a logical
contradiction stays: the same time, opposite polarity, no ending word.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.clients.memory import Memory


def say(memory: Memory, text: str, when: str, user: str = "alice") -> dict[str, Any]:
    (result,) = memory.add(text, user_id=user, observation_date=when)["results"]
    return result


def facts(memory: Memory, **arguments: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = memory.facts(user_id="alice", **arguments)["facts"]
    return found


def held(memory: Memory, **arguments: Any) -> set[tuple[str, str, int, bool]]:
    return {
        (f["predicate"], f["value"], f["polarity"], f["disputed"])
        for f in facts(memory, **arguments)
    }


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(c["conflict_type"], c["action"]) for c in result["conflicts"]]


ENDINGS = [
    ("I work at Globex.", "I no longer work at Globex.", "works_at", "Globex"),
    ("I work at Globex.", "I don't work at Globex anymore.", "works_at", "Globex"),
    ("I work at Initech.", "I quit my job at Initech.", "works_at", "Initech"),
    ("I live in Berlin.", "I left Berlin.", "lives_in", "Berlin"),
    ("我住在上海", "我现在不住在上海了", "lives_in", "上海"),
    ("我住在上海", "我不再住在上海了", "lives_in", "上海"),
    ("我在阿里工作", "我从阿里离职了", "works_at", "阿里"),
    ("我住在北京", "我从北京搬走了", "lives_in", "北京"),
    ("I joined the Green Party.", "I left the Green Party.", "member_of", "the Green Party"),
    ("I am a member of the cycling club.", "I quit the cycling club.", "member_of", "cycling club"),
    ("我加入了绿党", "我退出了绿党", "member_of", "绿党"),
    ("我是自行车协会的会员", "我离开了自行车协会", "member_of", "自行车协会"),
    # found trying the service as a new user: phrasal and passive endings stayed current
    ("I am learning Japanese.", "I gave up learning Japanese.", "studies", "Japanese"),
    ("I play the violin.", "I used to play the violin.", "play", "violin"),
    ("I work at Acme.", "I got fired from Acme.", "works_at", "Acme"),
    ("I work at Acme.", "I was laid off by Acme.", "works_at", "Acme"),
    ("I work at Acme.", "I was let go from Acme.", "works_at", "Acme"),
    ("我在阿里巴巴工作", "我被阿里巴巴开除了", "works_at", "阿里巴巴"),
    ("我在学日语", "我已经放弃学日语了", "studies", "日语"),
    # "formerly" adverbs say the state held once and no longer does, as "used to" does
    ("我在华为工作", "我以前在华为工作", "works_at", "华为"),
    ("我住在北京", "我曾经住在北京", "lives_in", "北京"),
    ("我是一名老师", "我过去是一名老师", "job_title", "老师"),
    # a state said in the simple past is over (the past of a stative verb, untimed)
    ("I live in Oslo.", "I lived in Oslo.", "lives_in", "Oslo"),
    ("I work at Acme.", "I worked at Acme for two years.", "works_at", "Acme"),
    ("I am a teacher.", "I was a teacher.", "job_title", "teacher"),
    ("我在华为工作", "我在华为工作过", "works_at", "华为"),  # the experiential 过
    ("我住在武汉", "我在武汉住过三年", "lives_in", "武汉"),
]


@pytest.mark.parametrize(("state", "ending", "predicate", "value"), ENDINGS)
def test_an_ending_closes_the_state_instead_of_disputing_it(
    memory: Memory, state: str, ending: str, predicate: str, value: str
) -> None:
    say(memory, state, "2024-01-01")
    ended = say(memory, ending, "2025-01-01")
    assert (ended["event"], kinds(ended)) == ("UPDATE", [("temporal_update", "UPDATE")])
    assert held(memory, predicate=predicate, as_of="2024-06") == {(predicate, value, 1, False)}
    assert held(memory, predicate=predicate) == set()  # nothing is true now: no employer
    assert held(memory, predicate=predicate, include_endings=True) == {
        (predicate, value, -1, False)
    }
    (closed,) = facts(memory, predicate=predicate, as_of="2024-06")
    assert closed["invalid_at"].startswith("2025-01-01")


def test_formerly_before_already_keeps_the_state(memory: Memory) -> None:
    """以前就 is "already back then": the state still holds."""
    say(memory, "我喜欢猫", "2024-01-01")
    memory.add("我以前就喜欢猫", user_id="alice", observation_date="2025-01-01")
    assert held(memory, predicate="likes") == {("likes", "猫", 1, False)}


@pytest.mark.parametrize(
    ("state", "until"),
    [
        ("I work at Siemens.", "I worked at Siemens until 2019."),
        ("我在华为工作", "我2019年以前在华为工作"),
    ],
)
def test_a_state_said_to_hold_until_a_past_time_ends_there(
    memory: Memory, state: str, until: str
) -> None:
    """Said in 2024 with no start of its own, "until 2019" is the state's ending in 2019: not a
    current fact from 2024 on (which it was), and it closes the earlier record there."""
    value = "Siemens" if "Siemens" in state else "华为"
    say(memory, state, "2016-05-01")
    ended = say(memory, until, "2024-03-01")
    assert (ended["fact"]["polarity"], ended["fact"]["state_change"]) == (-1, "ends")
    assert held(memory, predicate="works_at") == set()
    assert held(memory, predicate="works_at", as_of="2018-06") == {("works_at", value, 1, False)}
    (closed,) = facts(memory, predicate="works_at", as_of="2018-06")
    assert closed["invalid_at"].startswith("2019-01-01")


def test_a_leaving_without_its_object_ends_the_job_named_before_it(memory: Memory) -> None:
    """我在微软工作了三年，去年离职了 kept 微软 current beside `is 离职`."""
    memory.add("我在微软工作了三年，去年离职了。", user_id="alice", observation_date="2024-03-01")
    assert held(memory, predicate="works_at") == set()
    ended = held(memory, predicate="works_at", include_endings=True)
    assert ended == {("works_at", "微软", -1, False)}
    assert {f["predicate"] for f in facts(memory, include_endings=True)} == {"works_at"}
    memory.add("我2019年在谷歌工作，去年辞职了。", user_id="bo", observation_date="2024-03-01")
    jobs = memory.facts(user_id="bo", predicate="works_at", as_of="2020-06")["facts"]
    assert [(f["value"], f["polarity"]) for f in jobs] == [("谷歌", 1)]
    assert memory.facts(user_id="bo", predicate="works_at")["facts"] == []


def test_a_state_said_in_the_past_at_a_past_time_held_only_then(memory: Memory) -> None:
    """ "I lived in Rome in 2015", told after "I live in Oslo" (2024): Rome held in 2015 and
    closes when 2015 ends, not when Oslo begins (history was closed at its successor's start,
    which said the user lived in Rome until 2024); a state in the past is no current fact."""
    say(memory, "I live in Oslo.", "2024-01-01")
    say(memory, "I lived in Rome in 2015.", "2024-06-01")
    assert held(memory, predicate="lives_in") == {("lives_in", "Oslo", 1, False)}
    assert held(memory, predicate="lives_in", as_of="2015-06") == {("lives_in", "Rome", 1, False)}
    assert held(memory, predicate="lives_in", as_of="2018-06") == set()
    say(memory, "I worked at Initech in 2019.", "2024-06-01")
    assert held(memory, predicate="works_at") == set()
    (job,) = facts(memory, predicate="works_at", as_of="2019-06")
    assert job["invalid_at"].startswith("2020-01-01")


def test_endings_of_different_values_both_hold_and_their_turns_stay_recallable(
    memory: Memory,
) -> None:
    """ "I used to live in Oslo." then "I used to live in Rome.": the second ending closed the
    first (a single-valued state's other value), so Oslo's turn vanished from every search."""
    say(memory, "I used to live in Oslo.", "2024-01-05")
    rome = say(memory, "I used to live in Rome.", "2024-02-01")
    assert rome["event"] == "ADD"
    say(memory, "I live in Paris.", "2024-03-01")
    assert held(memory, predicate="lives_in", include_endings=True) == {
        ("lives_in", "Paris", 1, False),
        ("lives_in", "Rome", -1, False),
        ("lives_in", "Oslo", -1, False),
    }
    found = memory.search("Oslo", user_id="alice", limit=5)["results"]
    assert any("Oslo" in hit["memory"] for hit in found)
    assert all(hit["kind"] == "episode" for hit in found if "Oslo" in hit["memory"])


def test_until_a_past_time_alone_makes_no_current_fact(memory: Memory) -> None:
    say(memory, "I lived in Paris until 2019.", "2024-03-01")
    assert held(memory, predicate="lives_in") == set()
    assert held(memory, predicate="lives_in", include_endings=True) == {
        ("lives_in", "Paris", -1, False)
    }


@pytest.mark.parametrize(
    "said", ["I fired Bob from Acme.", "My colleague was fired from Acme.", "他被Acme开除了。"]
)
def test_dismissing_someone_else_ends_nothing_of_the_speakers(memory: Memory, said: str) -> None:
    say(memory, "I work at Acme.", "2024-01-01")
    memory.add(said, user_id="alice", observation_date="2025-01-01")
    assert held(memory, predicate="works_at") == {("works_at", "Acme", 1, False)}


def test_an_ending_said_first_closes_the_state_imported_after_it(memory: Memory) -> None:
    say(memory, "I no longer work at Globex.", "2025-01-01")
    earlier = say(memory, "I work at Globex.", "2024-01-01")
    assert kinds(earlier) == [("temporal_update", "ADD")]
    assert held(memory, predicate="works_at", as_of="2024-06") == {("works_at", "Globex", 1, False)}
    assert held(memory, predicate="works_at") == set()
    assert held(memory, predicate="works_at", include_endings=True) == {
        ("works_at", "Globex", -1, False)
    }


def test_working_there_again_after_an_ending_is_a_new_start(memory: Memory) -> None:
    say(memory, "I work at Globex.", "2023-01-01")
    say(memory, "I no longer work at Globex.", "2024-01-01")
    again = say(memory, "I work at Globex.", "2025-01-01")
    assert again["event"] == "UPDATE"
    assert held(memory, predicate="works_at") == {("works_at", "Globex", 1, False)}
    assert held(memory, predicate="works_at", as_of="2024-06", include_endings=True) == {
        ("works_at", "Globex", -1, False)
    }


@pytest.mark.parametrize(
    ("state", "ending", "predicate", "value"),
    [
        # spaCy takes Initech for a place ("left" + a place -> lives_in)
        ("I work at Initech.", "I left Initech.", "works_at", "Initech"),
        # "quit" reads as a job ending; the current record says it was a home
        ("I live in London.", "I quit London.", "lives_in", "London"),
        ("I work at Globex.", "I moved out of Globex.", "works_at", "Globex"),
    ],
)
def test_an_ending_ends_the_state_whose_current_record_holds_its_value(
    memory: Memory, state: str, ending: str, predicate: str, value: str
) -> None:
    say(memory, "I live in Paris.", "2023-01-01")
    say(memory, state, "2024-01-01")
    ended = say(memory, ending, "2025-01-01")
    assert (ended["fact"]["predicate"], ended["event"]) == (predicate, "UPDATE")
    assert held(memory, predicate=predicate, as_of="2024-06") >= {(predicate, value, 1, False)}
    assert (predicate, value, -1, False) in held(memory, predicate=predicate, include_endings=True)
    others = {p for p in ("lives_in", "works_at", "member_of") if p != predicate}
    assert not any(f["value"] == value for p in others for f in facts(memory, predicate=p))


def test_an_ending_no_record_holds_keeps_the_readers_guess(memory: Memory) -> None:
    say(memory, "I live in Paris.", "2024-01-01")
    ended = say(memory, "I quit Springfield.", "2025-01-01")
    assert (ended["fact"]["predicate"], ended["fact"]["polarity"]) == ("works_at", -1)
    assert held(memory, predicate="lives_in") == {("lives_in", "Paris", 1, False)}


STARTS = [
    ("I work at Initech.", "I started at Globex.", "Initech", "Globex"),
    ("I work at Initech.", "I joined Globex.", "Initech", "Globex"),
    ("我在阿里工作", "我入职了腾讯", "阿里", "腾讯"),
    ("我在腾讯工作", "我跳槽到了字节跳动", "腾讯", "字节跳动"),  # a job switch: found trying it
    ("I work at Initech.", "I got a job at Globex.", "Initech", "Globex"),
]


@pytest.mark.parametrize(("before", "start", "old", "new"), STARTS)
def test_a_start_opens_a_state_and_closes_the_previous_one(
    memory: Memory, before: str, start: str, old: str, new: str
) -> None:
    say(memory, before, "2024-01-01")
    started = say(memory, start, "2025-01-01")
    assert started["event"] == "UPDATE"
    assert held(memory, predicate="works_at") == {("works_at", new, 1, False)}
    assert held(memory, predicate="works_at", as_of="2024-06") == {("works_at", old, 1, False)}


@pytest.mark.parametrize(
    ("job", "employer", "joining", "body"),
    [
        ("I work at Initech.", "Initech", "I joined the Green Party.", "the Green Party"),
        ("我在阿里工作", "阿里", "我加入了自行车协会", "自行车协会"),
    ],
)
def test_joining_a_party_or_club_is_membership_and_leaves_the_job_current(
    memory: Memory, job: str, employer: str, joining: str, body: str
) -> None:
    say(memory, job, "2024-01-01")
    say(memory, joining, "2025-01-01")
    assert held(memory, predicate="works_at") == {("works_at", employer, 1, False)}
    assert held(memory, predicate="member_of") == {("member_of", body, 1, False)}


def test_a_contradiction_stays_one_same_time_opposite_polarity_no_ending_word(
    memory: Memory,
) -> None:
    say(memory, "The API supports batch export.", "2025-01-01")
    denied = say(memory, "The API does not support batch export.", "2025-01-01")
    assert (denied["event"], kinds(denied)) == (
        "KEEP_BOTH",
        [("logical_contradiction", "KEEP_BOTH")],
    )
    assert held(memory, subject="API") == {
        ("supports", "batch export", 1, True),
        ("supports", "batch export", -1, True),
    }


def test_a_hedge_never_replaces_the_current_fact(memory: Memory) -> None:
    say(memory, "I live in Berlin.", "2024-01-01")
    hedge = say(memory, "I might move to Tokyo.", "2025-01-01")
    assert hedge["event"] == "ADD"
    [berlin] = facts(memory, predicate="lives_in")  # a hedge is not a current fact
    assert berlin["value"] == "Berlin"
    assert berlin["invalid_at"] is None and not berlin["disputed"]
    [tokyo] = facts(memory, predicate="lives_in", fact_type="hypothesis")
    assert (tokyo["value"], tokyo["fact_type"]) == ("Tokyo", "hypothesis")


@pytest.mark.parametrize(
    ("first", "second"),
    [("我住在上海", "I live in Shanghai."), ("I live in NYC.", "I live in New York City.")],
)
def test_the_same_place_under_another_name_is_a_duplicate_then_a_restatement(
    memory: Memory, first: str, second: str
) -> None:
    kept = say(memory, first, "2025-01-01")
    same_time = say(memory, second, "2025-01-01")
    assert (same_time["event"], same_time["id"]) == ("DUPLICATE", kept["id"])
    later = say(memory, second, "2025-06-01")
    assert (later["event"], later["id"]) == ("NOOP", kept["id"])
    assert [f["id"] for f in facts(memory, predicate="lives_in")] == [kept["id"]]


LISTS = [
    (
        "Omar Kane",
        "is a member of the Green Party and the Cycling Union.",
        "member_of",
        "the Green Party and the Cycling Union",
        "is a member of the Tide Party.",
        "the Tide Party",
    ),
    (
        "Rosa Lind",
        "works at Harwick College, Denby College.",
        "works_at",
        "Harwick College, Denby College",
        "works at Alder Bank.",
        "Alder Bank",
    ),
    (
        "Jon Ash",
        "works at Fenwick and Grey Railway.",
        "works_at",
        "Fenwick and Grey Railway",
        "works at Procter and Gamble.",
        "Procter and Gamble",
    ),
]


@pytest.mark.parametrize(("subject", "listed", "predicate", "value", "later", "now"), LISTS)
def test_a_list_of_one_state_is_one_value_that_a_later_value_replaces_whole(
    memory: Memory, subject: str, listed: str, predicate: str, value: str, later: str, now: str
) -> None:
    first = say(memory, f"{subject} {listed}", "2020-01-01")
    assert (first["event"], first["fact"]["value"]) == ("ADD", value)
    assert [f["value"] for f in facts(memory, subject=subject)] == [value]
    replaced = say(memory, f"{subject} {later}", "2023-01-01")
    assert replaced["event"] == "UPDATE"
    assert [f["value"] for f in facts(memory, subject=subject, as_of="2021")] == [value]
    assert [f["value"] for f in facts(memory, subject=subject, predicate=predicate)] == [now]


def test_a_list_of_an_accumulating_relation_keeps_one_record_per_value(memory: Memory) -> None:
    said = memory.add("Rosa Lind visited Harwick and Denby.", user_id="alice")["results"]
    assert sorted((r["event"], r["fact"]["value"]) for r in said) == [
        ("ADD", "Denby"),
        ("ADD", "Harwick"),
    ]
    assert sorted(f["value"] for f in facts(memory, subject="Rosa Lind")) == ["Denby", "Harwick"]
