"""Hits without evidence: the vector channel returns the nearest records whatever their
distance, so a question that matched one record came back with every other record of the
tenant after it, at scores near 0. A record is a candidate only when a channel other than the
vector found it or the encoder puts it close to the question (`fusion.evidenced`); the rule,
and search on both backends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graph.ports.search import Scored
from service.clients.memory import Memory
from service.read.fusion import MIN_COSINE, evidenced, fuse

TOLD = ("I live in Berlin.", "My sister plays the cello.", "I own a Tesla Model 3.",
        "The weather was grey all week.", "I work at Acme as a welder.")  # fmt: skip
DAY = datetime(2025, 6, 2, 8, 0, tzinfo=UTC)


def test_a_record_only_the_encoder_found_far_from_the_question_is_no_candidate() -> None:
    lists = [
        ("episodes", [Scored("said", 3.0)]),
        ("vector", [Scored("near", MIN_COSINE), Scored("far", MIN_COSINE / 2),
                    Scored("said", 0.01)]),
    ]  # fmt: skip
    kept = [entry.uuid for entry in evidenced(lists, fuse(lists))]
    assert kept == ["said", "near"]


def add_hours_apart(memory: Memory) -> None:
    """Each statement an hour after the last: no turn is another's neighbour."""
    for i, text in enumerate(TOLD):
        at = (DAY + timedelta(hours=i)).isoformat()
        memory.add([{"role": "user", "content": text, "timestamp": at}], user_id="ada")


def bodies(memory: Memory, question: str) -> list[str]:
    hits = memory.search(question, user_id="ada", limit=10)["results"]
    return [hit["episode"]["body"] for hit in hits]


def test_a_search_returns_only_hits_with_evidence(memory: Memory) -> None:
    add_hours_apart(memory)
    assert bodies(memory, "quantum chromodynamics") == []
    assert bodies(memory, "cello") == ["My sister plays the cello."]


def test_a_paraphrase_sharing_no_word_is_still_found(memory: Memory) -> None:
    add_hours_apart(memory)
    assert "I own a Tesla Model 3." in bodies(memory, "What car do I drive?")
