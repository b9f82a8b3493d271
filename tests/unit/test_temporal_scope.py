"""How far a time phrase reaches, and the event facts of dated sentences (issue 33, item 2).

The positive cases failed on the code before: the phrase stayed in its sentence, and a sentence
no rule read left no fact at all; the negative ones guard what must not change.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.rules import RuleExtractor
from extractors.schema import SPEAKER, CandidateFact

REFERENCE = datetime(2024, 5, 15, 10, tzinfo=UTC)  # a Wednesday


@pytest.fixture(scope="module")
def rules() -> RuleExtractor:
    return RuleExtractor()


def _dated(facts: list[CandidateFact]) -> dict[str, str | None]:
    return {f.value: (f.time.text if f.time else None) for f in facts}


@pytest.mark.parametrize(
    ("text", "value", "phrase", "predicate"),
    [
        ("We went biking last weekend and the trail was muddy.", "muddy", "last weekend", ""),
        ("Last month I went to Rome. We saw the Colosseum.", "Colosseum", "Last month", ""),
        ("上周我去了北京。我们看了长城。", "长城", "上周", ""),
        ("前两天我跟朋友吃了火锅，味道不错。", "不错", "前两天", ""),
        ("Took a quick trip to Lyon last week.", "Took a quick trip to Lyon", "last week",
         "event_at"),
        ("Last week, my cousin came over.", "my cousin came over", "Last week", "event_at"),
        # the preposition goes with its phrase: no "... but I stopped in" left to read
        ("I used to play the violin, but I stopped in 2019.",
         "I used to play the violin, but I stopped", "2019", "event_at"),
        ("趣跑购物节的时间是下周六晚上七点。", "趣跑购物节的时间是晚上七点", "下周六", "event_at"),
        # nor the copula: the event is "The meeting", not "The meeting is"
        ("The meeting is on Monday.", "The meeting", "Monday", "event_at"),
    ],
)  # fmt: skip
def test_a_phrase_governs_its_clause_the_turn_and_unread_sentences(
    rules: RuleExtractor, text: str, value: str, phrase: str, predicate: str
) -> None:
    """Clause and turn scope; a dated sentence no rule reads is the speaker's event."""
    found = rules.extract(text, reference=REFERENCE)
    assert _dated(found)[value] == phrase
    if predicate:
        (event,) = [f for f in found if f.predicate == predicate]
        assert (event.subject, event.value) == (SPEAKER, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Last month I went to Rome. I live in Berlin.", "Berlin"),
        ("上周我去了北京。我住在上海。", "上海"),
    ],
)
def test_a_present_state_after_a_dated_event_keeps_the_turns_time(
    rules: RuleExtractor, text: str, value: str
) -> None:
    assert _dated(rules.extract(text, reference=REFERENCE))[value] is None


def test_another_phrase_takes_over(rules: RuleExtractor) -> None:
    text = "Last month I went to Rome. Yesterday I visited Milan. We saw the Duomo."
    found = _dated(rules.extract(text, reference=REFERENCE))
    assert found["Rome"] == "Last month" and found["Duomo"] == "Yesterday"


@pytest.mark.parametrize(
    "text",
    [
        "I booked the flight for Friday.",
        "Did you go to Lyon last week?",
        "I visited my grandma last Tues.",
        "The weather was nice.",
    ],
)
def test_no_event_for_targets_questions_dated_facts_or_undated_sentences(
    rules: RuleExtractor, text: str
) -> None:
    found = rules.extract(text, reference=REFERENCE)
    assert not [f for f in found if f.predicate == "event_at"]
