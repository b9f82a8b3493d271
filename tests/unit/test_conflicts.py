"""The six conflict classes, authority, decisions and their effects (pure domain)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graph.domain.conflicts import PredicateRules, authority, classify
from graph.domain.enums import (
    Cardinality,
    FactType,
    Granularity,
    SourceType,
    VerifyStatus,
    WriteEvent,
)
from graph.domain.judge import (
    Aligned,
    Policy,
    Statement,
    alias_questions,
    findings_of,
    needs_chain,
)
from graph.domain.judge import judge as one_judge
from graph.domain.model import Fact
from graph.domain.quantities import parse_quantity, same_magnitude
from graph.domain.resolution import (
    decide,
    dispute_changes,
    insert_into_chain,
    revert,
    update_changes,
)
from tests.builders import fact

T = datetime(2026, 11, 29, tzinfo=UTC)
SINGLE = PredicateRules(Cardinality.SINGLE)
MULTI = PredicateRules(Cardinality.MULTI)
PREFERENCE = PredicateRules(Cardinality.SINGLE, preference=True)
LIKES = PredicateRules(Cardinality.MULTI, preference=True)


def f(value: str, days_ago: float = 0, **extra: Any) -> Fact:
    return fact(
        "u_a",
        "alice",
        extra.pop("predicate", "p"),
        value,
        valid_at=T - timedelta(days=days_ago),
        **extra,
    )


def judge(new: Fact, old: Fact, rules: PredicateRules = SINGLE, **kw: Any) -> tuple[str, str]:
    verdict = classify(new, old, rules, **kw)
    return verdict.conflict_type.value, verdict.action.value


def test_temporal_update() -> None:
    assert judge(f("Company B", 1), f("Company A", 9)) == ("temporal_update", "UPDATE")


def test_preference_change() -> None:
    assert judge(f("Postgres", 1), f("Redis", 9), PREFERENCE) == ("preference_change", "UPDATE")


def test_scope_difference_is_checked_before_content() -> None:
    assert judge(f("Li Si", scope="project b"), f("Zhang San", scope="project a")) == (
        "scope_difference",
        "ADD",
    )


def test_precision_difference_keeps_the_more_complete_record() -> None:
    exact, vague = f("92 days", 1), f("about 3 months", 9)
    assert judge(vague, exact) == ("precision_difference", "NOOP")
    assert judge(exact, vague) == ("precision_difference", "UPDATE")
    assert classify(exact, vague, SINGLE).mode == "expire"
    assert judge(f("about 5 months", 1), f("92 days", 9)) == ("temporal_update", "UPDATE")


def test_a_restatement_is_a_noop_and_a_more_precise_time_refines() -> None:
    year = f("Berlin", valid_granularity=Granularity.YEAR)
    year = year.model_copy(update={"valid_at": datetime(2023, 1, 1, tzinfo=UTC)})
    june = year.model_copy(
        update={
            "uuid": "june",
            "valid_granularity": Granularity.MONTH,
            "valid_at": datetime(2023, 6, 1, tzinfo=UTC),
        }
    )
    later = june.model_copy(update={"valid_at": datetime(2025, 6, 1, tzinfo=UTC)})
    assert judge(year, june) == ("precision_difference", "NOOP")
    assert judge(june, year) == ("precision_difference", "UPDATE")
    assert judge(later, year) == ("precision_difference", "NOOP")


def test_the_same_value_said_of_an_earlier_period_is_history() -> None:
    """A value can return (Brighton, Brentford, then Brighton again): the same value said of
    a period that ends before the current record starts is kept as history; of a later or an
    overlapping period it is a restatement; a multi-valued predicate keeps its NOOP."""
    now = f("Brighton", 10)
    back = f("Brighton", 4000)
    assert judge(back, now) == ("none", "ADD")
    assert classify(back, now, SINGLE).mode == "history"
    assert judge(now, back) == ("precision_difference", "NOOP")
    assert judge(back, now, MULTI) == ("precision_difference", "NOOP")
    january = now.valid_at.replace(month=1, day=1)
    same_year = now.model_copy(update={"valid_at": january, "valid_granularity": Granularity.YEAR})
    assert judge(same_year, now) == ("precision_difference", "NOOP")


def test_logical_contradiction_keeps_both() -> None:
    assert judge(f("X", polarity=-1), f("X"), MULTI) == ("logical_contradiction", "KEEP_BOTH")


def test_a_reversed_preference_is_a_change_not_a_contradiction() -> None:
    assert judge(f("Redis", polarity=-1), f("Redis"), PREFERENCE) == ("preference_change", "UPDATE")


def test_source_conflict_keeps_both() -> None:
    told = f("Paris", 9, source_type=SourceType.USER)
    found = f("Lyon", 1, source_type=SourceType.WEB_SEARCH)
    assert judge(found, told) == ("source_conflict", "KEEP_BOTH")
    assert judge(told, found) == ("source_conflict", "KEEP_BOTH")


def test_multi_valued_predicates_hold_several_values() -> None:
    assert judge(f("jazz"), f("tea"), MULTI) == ("none", "ADD")
    assert judge(f("jazz", polarity=-1), f("tea"), MULTI) == ("none", "ADD")


def test_only_comparable_fact_types_conflict() -> None:
    guess = f("Rome", 1, fact_type=FactType.HYPOTHESIS)
    assert judge(guess, f("Paris", 9)) == ("none", "ADD")
    assert judge(f("Rome", 1, fact_type=FactType.OPINION), f("Paris", 9)) == ("none", "ADD")
    guess_b = f("Oslo", 1, fact_type=FactType.HYPOTHESIS)
    assert judge(guess_b, guess) == ("temporal_update", "UPDATE")


def test_an_inference_never_overwrites_an_observation() -> None:
    seen = f("clicked refund 3 times", 9, fact_type=FactType.OBSERVATION)
    guessed = f("price sensitive", 1, fact_type=FactType.INFERENCE)
    verdict = classify(guessed, seen, SINGLE)
    assert (verdict.action, verdict.authorised) == (WriteEvent.KEEP_BOTH, False)
    assert authority(guessed) < authority(seen)


def test_an_immutable_record_is_never_superseded() -> None:
    verdict = classify(f("INV-2", 1), f("INV-1", 9, immutable=True), SINGLE)
    assert (verdict.action, verdict.authorised) == (WriteEvent.KEEP_BOTH, False)
    assert "immutable" in verdict.reason


def test_a_lower_authority_source_cannot_supersede() -> None:
    verdict = classify(f("B", 1, source_type=SourceType.FILE), f("A", 9), SINGLE)
    assert verdict.action is WriteEvent.KEEP_BOTH and not verdict.authorised
    assert "may not supersede" in verdict.reason


def test_the_same_value_said_earlier_is_history_whatever_the_later_records_source() -> None:
    """A file says Oslo from 2024, the user then says Oslo from June 2023: nobody disagrees, so
    the file's record may end the user's earlier period (no dispute), while a different value
    said earlier still needs the later record's authority."""
    stored = f("Oslo", 300, source_type=SourceType.FILE)
    same = classify(f("Oslo", 700, source_type=SourceType.USER), stored, SINGLE)
    assert (same.action, same.mode, same.authorised) == (WriteEvent.ADD, "history", True)
    other = classify(f("Rome", 700, source_type=SourceType.USER), stored, SINGLE)
    assert other.action is WriteEvent.KEEP_BOTH and not other.authorised
    frozen = f("Oslo", 700, source_type=SourceType.USER, immutable=True)
    assert classify(frozen, stored, SINGLE).action is WriteEvent.KEEP_BOTH


def test_a_correction_expires_instead_of_closing() -> None:
    verdict = classify(f("May 3"), f("May 4"), SINGLE, correction=True)
    assert (verdict.action, verdict.mode) == (WriteEvent.UPDATE, "expire")


def test_an_older_statement_is_recorded_as_history() -> None:
    verdict = classify(f("Oslo", 700), f("Rome", 1), SINGLE)
    assert (verdict.action, verdict.mode) == (WriteEvent.ADD, "history")


def test_every_verdict_has_a_rationale() -> None:
    for new, old in [(f("B", 1), f("A", 9)), (f("A", polarity=-1), f("A")), (f("A"), f("A"))]:
        assert classify(new, old, SINGLE).reason


def test_decide_aggregates_verdicts() -> None:
    old_a, old_b = f("A", 9), f("B", 9, scope="other")
    new = f("C", 1)
    verdicts = [classify(new, old_a, SINGLE), classify(new, old_b, SINGLE)]
    decision = decide(verdicts)
    assert decision.event is WriteEvent.UPDATE
    assert [v.target_id for v in decision.execute] == [old_a.uuid]
    manual = decide(verdicts, manual=True)
    assert (manual.event, manual.pending, manual.execute) == (WriteEvent.ADD, True, ())
    noop = decide([classify(f("A", 1), old_a, SINGLE)])
    assert (noop.event, noop.write_new) == (WriteEvent.NOOP, False)


def test_update_and_dispute_effects_with_exact_before_images() -> None:
    old, new = f("A", 9), f("B", 1)
    own, change = update_changes(new, old, classify(new, old, SINGLE), T)
    assert own == {"supersedes": old.uuid}
    assert change.after == {
        "invalid_at": new.valid_at,
        "invalidated_at": T,
        "superseded_by": new.uuid,
        "verify_status": VerifyStatus.SUPERSEDED,
    }
    assert change.before == {
        "invalid_at": None,
        "invalidated_at": None,
        "superseded_by": None,
        "verify_status": VerifyStatus.UNVERIFIED,
    }
    (undo,) = revert([change])
    assert (undo.after, undo.before) == (change.before, change.after)
    mine, marked = dispute_changes(new, old)
    assert mine["needs_confirmation"] and mine["disputed"] and mine["confidence"] < new.confidence
    assert marked.after == {"disputed": True, "verify_status": VerifyStatus.CONTRADICTED}


def test_history_is_inserted_between_its_neighbours() -> None:
    first, last = f("Oslo", 700), f("Rome", 10)
    first = first.model_copy(update={"superseded_by": last.uuid, "invalid_at": last.valid_at})
    middle = f("Kyiv", 300)
    own, changes = insert_into_chain(middle, [last, first], T)
    assert own["supersedes"] == first.uuid and own["superseded_by"] == last.uuid
    assert own["invalid_at"] == last.valid_at
    by_uuid = {c.uuid: c.after for c in changes}
    assert by_uuid[last.uuid] == {"supersedes": middle.uuid}
    assert by_uuid[first.uuid]["invalid_at"] == middle.valid_at
    assert by_uuid[first.uuid]["superseded_by"] == middle.uuid


def test_an_update_that_predates_the_same_later_value_also_takes_its_place_in_history() -> None:
    """ "Oslo since June 2023" replaces Rome (said of then) and is the earlier period of "Oslo
    since 2024": it closes Rome and closes where the later Oslo begins, in one write."""
    rome, later = f("Rome", 300), f("Oslo", 10)
    new = f("Oslo", 300)
    aligned = Aligned((later, rome), None, (later, rome))
    verdict = one_judge(Statement(new, SINGLE), aligned, Policy(), now=T)
    assert verdict.event is WriteEvent.UPDATE
    assert {(v.target_id, v.mode) for v in verdict.executed} == {
        (rome.uuid, "close"),
        (later.uuid, "history"),
    }
    assert (verdict.own["supersedes"], verdict.own["superseded_by"]) == (rome.uuid, later.uuid)
    assert verdict.own["invalid_at"] == later.valid_at
    assert {c.uuid: c.after.get("supersedes") for c in verdict.changes}[later.uuid] == new.uuid


def test_records_of_one_instant_are_placed_by_their_links_not_by_store_order() -> None:
    """ "I live in Oslo. I live in Rome." said of one day: Rome supersedes Oslo. A record of that
    day said later follows Rome, whichever order a backend returns the two in."""
    oslo = f("Oslo", 300)
    rome = f("Rome", 300, supersedes=oslo.uuid)
    oslo = oslo.model_copy(update={"superseded_by": rome.uuid, "invalid_at": rome.valid_at})
    new = f("Oslo", 300)
    for chain in ([oslo, rome], [rome, oslo]):
        own, changes = insert_into_chain(new, chain, T)
        assert own["supersedes"] == rome.uuid
        assert [c.uuid for c in changes] == [rome.uuid]


def test_history_of_a_multi_valued_predicate_follows_the_same_value_only() -> None:
    """ "I like Oslo. I don't like SSO." said of one day, then "I don't like Oslo" said of an
    earlier one: the new record is followed by "I like Oslo", never by "I don't like SSO" (a
    value that coexists with it), whichever of the two has the smaller id (it once decided)."""
    multi = {"predicate": "likes", "cardinality": Cardinality.MULTI}
    new = f("Oslo", 300, polarity=-1, **multi)
    for low, high in (("0" * 32, "f" * 32), ("f" * 32, "0" * 32)):
        oslo = f("Oslo", 10, **multi).model_copy(update={"uuid": low})
        sso = f("SSO", 10, polarity=-1, **multi).model_copy(update={"uuid": high})
        aligned = Aligned((oslo, sso), None, (oslo, sso))
        verdict = one_judge(Statement(new, LIKES), aligned, Policy(), now=T)
        assert verdict.own["superseded_by"] == oslo.uuid
        assert verdict.own["invalid_at"] == oslo.valid_at
        assert [c.uuid for c in verdict.changes] == [oslo.uuid]


def test_a_reviewers_confirmation_is_the_judges_verdict_under_the_reviewed_policy() -> None:
    yes = f("SSO", 9, predicate="supports")
    no = f("SSO", 1, predicate="supports", polarity=-1, disputed=True)
    other = f("SSO", 1, predicate="supports", scope="elsewhere", disputed=True)
    aligned = Aligned((no, other))
    verdict = one_judge(Statement(yes, SINGLE), aligned, Policy(reviewed=True), now=T)
    assert [(v.target_id, v.mode) for v in verdict.executed] == [(no.uuid, "settle")]
    (change,) = verdict.changes
    assert change.after == {
        "expired_at": T,
        "superseded_by": yes.uuid,
        "verify_status": VerifyStatus.CONTRADICTED,
    }
    assert verdict.own == {
        "disputed": False,
        "needs_confirmation": False,
        "verify_status": VerifyStatus.VERIFIED,
        "supersedes": no.uuid,
    }
    written = one_judge(Statement(yes, SINGLE), aligned, Policy(), now=T)
    assert written.event is WriteEvent.KEEP_BOTH  # the write keeps both; the reviewer chose


@pytest.mark.parametrize(
    ("text", "days", "approximate"),
    [
        ("92 days", 92, False),
        ("about 3 months", 91.32, True),
        ("三个月", 91.32, False),
        ("大约3个月", 91.32, True),
        ("2 weeks", 14, False),
        ("half a year", 182.625, False),
    ],
)
def test_quantities(text: str, days: float, approximate: bool) -> None:
    quantity = parse_quantity(text)
    assert quantity is not None
    assert quantity.amount == pytest.approx(days)
    assert quantity.approximate is approximate


def test_quantities_compare_within_ten_percent() -> None:
    a, b, c = parse_quantity("92 days"), parse_quantity("3 months"), parse_quantity("5 months")
    assert a and b and c
    assert same_magnitude(a, b) and not same_magnitude(a, c)
    assert parse_quantity("Berlin") is None and parse_quantity("5.8.4") is None


OLD = f("Munich", 100)
HEARD: dict[str, tuple[Statement, tuple[Fact, ...], Policy]] = {
    "temporal update": (Statement(f("Lisbon", 1), SINGLE), (OLD,), Policy()),
    "preference change": (Statement(f("tea", 1), PREFERENCE), (f("coffee", 9),), Policy()),
    "history": (Statement(f("Oslo", 700), SINGLE), (OLD,), Policy()),
    "two current": (Statement(f("Kyiv", 200), SINGLE), (OLD, f("Rome", 300)), Policy()),
    "restatement": (Statement(f("Munich", 1), SINGLE), (OLD,), Policy()),
    "denial": (Statement(f("Munich", 1, polarity=-1), SINGLE), (OLD,), Policy()),
    "correction": (Statement(f("Lisbon", 1), SINGLE, correction=True), (OLD,), Policy()),
    "multi-valued": (Statement(f("jazz", 1), MULTI), (f("chess", 9),), Policy()),
    "source conflict": (
        Statement(f("Lisbon", 1, source_type=SourceType.INFERENCE), SINGLE), (OLD,), Policy()
    ),
    "manual": (Statement(f("Lisbon", 1), SINGLE), (OLD,), Policy(manual=True)),
    "alias held": (Statement(f("München", 1), SINGLE), (OLD,), Policy(alias_similarity=0.8)),
    "reviewed": (Statement(f("Lisbon", 1), SINGLE), (OLD,), Policy(reviewed=True)),
    "nothing current": (Statement(f("Lisbon", 1), SINGLE), (), Policy()),
}  # fmt: skip


@pytest.mark.parametrize("case", HEARD.values(), ids=list(HEARD))
def test_findings_given_to_the_judge_decide_as_the_judge_classifying_them(
    case: tuple[Statement, tuple[Fact, ...], Policy],
) -> None:
    """The write classifies a statement against its current records once, for
    `needs_chain`, `alias_questions` and the judge (`service.write.commit`): given those
    findings, each decides exactly as when it classifies the statement itself."""
    statement, current, policy = case
    findings = findings_of(statement, current)
    assert needs_chain(statement, current, findings) is needs_chain(statement, current)
    assert alias_questions(statement, current, findings) == alias_questions(statement, current)
    likeness = {r.uuid: 0.9 for r in current}
    chain = current if needs_chain(statement, current) else ()
    classified = one_judge(statement, Aligned(current, None, chain, likeness), policy, now=T)
    given = Aligned(current, None, chain, likeness, findings)
    assert one_judge(statement, given, policy, now=T) == classified
