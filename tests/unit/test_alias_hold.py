"""The judge holds a possible alias for review (pure domain, issue 12 item 4): the similarity
of the two names comes in as input (`Aligned.likeness`); the policy's threshold decides."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graph.domain.conflicts import PredicateRules
from graph.domain.enums import Cardinality, WriteEvent
from graph.domain.judge import Aligned, Policy, Statement, Verdict, alias_questions, judge
from graph.domain.model import Fact
from tests.builders import fact

T = datetime(2026, 11, 29, tzinfo=UTC)
SINGLE = PredicateRules(Cardinality.SINGLE)
MULTI = PredicateRules(Cardinality.MULTI)
HOLD = Policy(alias_similarity=0.8)


def lives(value: str, days_ago: float, **extra: object) -> Fact:
    return fact("u_a", "alice", "lives_in", value, valid_at=T - timedelta(days=days_ago), **extra)


def verdict(new: Fact, old: Fact, similarity: float, policy: Policy = HOLD) -> Verdict:
    aligned = Aligned((old,), likeness={old.uuid: similarity})
    return judge(Statement(new, SINGLE), aligned, policy, now=T)


def test_a_near_name_is_held_pending_and_changes_nothing() -> None:
    old, new = lives("Munich", 100), lives("München", 1)
    held = verdict(new, old, 0.88)
    assert (held.event, held.pending, held.changes, held.executed) == (WriteEvent.ADD, True, (), ())
    assert held.fact.needs_confirmation is True
    (finding,) = held.findings
    assert finding.action is WriteEvent.UPDATE
    assert "may be another name of 'Munich'" in finding.reason


def test_below_the_threshold_or_without_a_threshold_it_is_an_update() -> None:
    old, new = lives("Munich", 100), lives("Lisbon", 1)
    assert verdict(new, old, 0.41).event is WriteEvent.UPDATE
    assert verdict(new, old, 0.99, Policy()).event is WriteEvent.UPDATE


def test_a_reviewer_confirming_it_lands_the_update() -> None:
    old, new = lives("Munich", 100), lives("München", 1)
    confirmed = verdict(new, old, 0.88, Policy(reviewed=True, alias_similarity=0.8))
    assert confirmed.event is WriteEvent.UPDATE and confirmed.changes


def test_only_a_replacement_by_another_value_is_asked_about() -> None:
    old = lives("Munich", 100)
    asked = [
        (lives("München", 1), SINGLE, True),
        (lives("München", 200), SINGLE, False),  # older: history, nothing replaced
        (lives("München", 1), MULTI, False),  # several values coexist
        (lives("Munich", 1, polarity=-1, state_change="ends"), SINGLE, False),  # an ending
    ]
    for new, rules, expected in asked:
        assert bool(alias_questions(Statement(new, rules), (old,))) is expected
    correction = Statement(lives("München", 1), SINGLE, correction=True)
    assert alias_questions(correction, (old,)) == ()


def test_only_names_in_different_scripts_are_compared() -> None:
    from service.write.names import scripts_apart

    apart = [("Shanghai", "上海"), ("Moscow", "Москва"), ("Seoul", "서울"), ("莫斯科", "Moscow")]
    same = [
        ("Munich", "München"),
        ("Company A", "Company B"),
        ("公司A", "公司B"),
        ("北京", "上海"),
        ("Shanghai", "42"),
    ]
    assert all(scripts_apart(a, b) for a, b in apart)
    assert not any(scripts_apart(a, b) for a, b in same)
