"""Conversation-level evidence: among turns that match a question equally well on their own
words, the one told in the conversation that holds the question's other words ranks first;
the grouping of turns into conversations; on both backends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graph.domain.model import Episode
from service.clients.memory import Memory
from service.read.conversations import WEIGHT, conversation_bonus, conversations

DAY = datetime(2025, 6, 2, 18, 0, tzinfo=UTC)
SAID = [
    "The lake cabin is ours for the whole weekend.",
    "Nice.",
    "What time do we leave?",
    "Around six.",
    "Great, then I will bring the canoe.",
]
TURNS = [
    *((DAY + timedelta(minutes=i), text) for i, text in enumerate(SAID)),
    (DAY + timedelta(days=3), "A canoe, a canoe: somebody sold me a canoe today."),
    (DAY + timedelta(days=4), "The dentist moved my appointment to Thursday."),
]
ALONE = TURNS[len(SAID)][1]


def episode(uuid: str, valid_at: datetime) -> Episode:
    return Episode(uuid=uuid, group_id="g", content=uuid, valid_at=valid_at, created_at=valid_at,
                   knowledge_time=valid_at)  # fmt: skip


def test_turns_told_close_together_are_one_conversation() -> None:
    gaps = (timedelta(0), timedelta(minutes=20), timedelta(minutes=45), timedelta(hours=2))
    turns = [episode(f"t{i}", valid_at=DAY + gap) for i, gap in enumerate(gaps)]
    assert conversations(reversed(turns)) == [["t0", "t1", "t2"], ["t3"]]


def test_each_turn_gains_its_conversation_s_share_of_the_best() -> None:
    turns = {e.uuid: e for e in (episode("a", valid_at=DAY), episode("b", valid_at=DAY),
                                 episode("c", valid_at=DAY + timedelta(days=1)))}  # fmt: skip
    bonus = conversation_bonus(turns, {"a": 1.0, "b": 0.5, "c": 0.5})
    assert bonus == {"a": WEIGHT, "b": WEIGHT, "c": WEIGHT / 3}
    assert conversation_bonus(turns, {}) == {}


def test_a_turn_in_the_conversation_holding_the_question_s_words_ranks_first(
    memory: Memory,
) -> None:
    for at, text in TURNS:
        memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}], user_id="sam")
    hits = memory.search("canoe for the lake cabin weekend", user_id="sam", limit=10)["results"]
    bodies = [hit["episode"]["body"] for hit in hits]
    assert bodies.index(SAID[-1]) < bodies.index(ALONE), bodies
