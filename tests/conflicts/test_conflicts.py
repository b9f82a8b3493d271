"""Conflicts end to end on both backends: every example of the design texts, the policy,
conflict_resolve, disputes, rollback, audit and history."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from graph.domain.errors import ConflictError, InvalidInput, NotFound
from graph.domain.tenancy import TenantScope
from graph.ports.facts import FactFilter, FactPatch, FactQuery
from service.clients.memory import Memory
from tests.support.reads import reads

ALICE = TenantScope(user_id="alice").group_id
FACETS = (Path(__file__).parent / "system_facets.txt").read_text().strip().splitlines()


def one(out: dict[str, Any]) -> dict[str, Any]:
    (result,) = out["results"]
    return result


def kinds(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(c["conflict_type"], c["action"]) for c in result["conflicts"]]


def current(memory: Memory, subject: str) -> list[Any]:
    query = FactQuery(FactFilter(subject_key=subject))
    return reads(memory.container.store).facts.find(ALICE, query, memory.container.clock.now())


def say(memory: Memory, text: str, **kw: Any) -> dict[str, Any]:
    return one(memory.add(text, user_id="alice", **kw))


def test_the_subscription_story(memory: Memory) -> None:
    say(memory, "customer has unsubscribed", observation_date="2025-11-10")
    update = say(memory, "customer has resubscribed", observation_date="2026-02-03")
    assert update["event"] == "UPDATE" and kinds(update) == [("temporal_update", "UPDATE")]
    assert [f.value for f in current(memory, "customer")] == ["active"]


def test_company_in_beijing_a_then_b_then_a_dry_run_for_c(memory: Memory) -> None:
    say(memory, "The user's company in Beijing is Company A")
    b = say(memory, "The user's company in Beijing is Company B")
    assert kinds(b) == [("temporal_update", "UPDATE")]
    plan = memory.conflict_resolve("The user's company in Beijing is Company C", user_id="alice")
    assert plan["executed"] is False
    (entry,) = plan["plan"]
    assert (entry["action"], entry["conflict_type"], entry["target_id"]) == (
        "UPDATE",
        "temporal_update",
        b["id"],
    )
    assert entry["reason"]
    assert [f.value for f in current(memory, "alice")] == ["Company B"]
    done = memory.conflict_resolve(
        "The user's company in Beijing is Company C", user_id="alice", dry_run=False
    )
    assert done["executed"] and [f.value for f in current(memory, "alice")] == ["Company C"]
    again = memory.conflict_resolve(
        "The user's company in Beijing is Company C", user_id="alice", dry_run=False
    )
    assert [r["event"] for r in again["results"]] == ["DUPLICATE"]


def test_owners_of_two_projects_do_not_conflict(memory: Memory) -> None:
    say(memory, "The owner of project A is Zhang San")
    b = say(memory, "The owner of project B is Li Si")
    assert b["event"] == "ADD" and kinds(b) == [("scope_difference", "ADD")]
    assert {f.value for f in current(memory, "alice")} == {"Zhang San", "Li Si"}


def test_about_three_months_and_92_days_are_one_quantity(memory: Memory) -> None:
    exact = say(memory, "The migration took 92 days")
    vague = say(memory, "The migration took about 3 months")
    assert (vague["event"], kinds(vague)) == ("NOOP", [("precision_difference", "NOOP")])
    assert vague["id"] == exact["id"]
    say(memory, "The backfill took about 2 weeks")
    refined = say(memory, "The backfill took 15 days")
    assert (refined["event"], kinds(refined)) == ("UPDATE", [("precision_difference", "UPDATE")])


def test_supports_and_does_not_support_are_kept_both_and_disputed(memory: Memory) -> None:
    yes = say(memory, "Atlas supports SSO")
    no = say(memory, "Atlas does not support SSO")
    assert (no["event"], kinds(no)) == ("KEEP_BOTH", [("logical_contradiction", "KEEP_BOTH")])
    both = {f.uuid: f for f in current(memory, "atlas")}
    assert set(both) == {yes["id"], no["id"]}
    assert all(f.disputed for f in both.values())
    assert both[no["id"]].needs_confirmation and both[no["id"]].confidence < 0.85


def test_a_verbal_account_and_a_retrieval_result_are_kept_both(memory: Memory) -> None:
    say(memory, "The meeting room is 4B")
    held = memory.add("The meeting room is 7C", user_id="alice", source_type="web_search")
    (candidate,) = held["candidates"]  # retrieved text waits for a reviewer first
    found = one(memory.confirm_candidate(candidate["id"], user_id="alice"))
    assert (found["event"], kinds(found)) == ("KEEP_BOTH", [("source_conflict", "KEEP_BOTH")])


def test_an_immutable_record_is_never_superseded(memory: Memory) -> None:
    say(memory, "My invoice number is INV-2024-001", immutable=True)
    later = say(memory, "My invoice number is INV-2024-002")
    assert later["event"] == "KEEP_BOTH"
    assert "immutable" in later["conflicts"][0]["reason"]
    assert {f.value for f in current(memory, "alice")} == {"INV-2024-001", "INV-2024-002"}


def test_manual_mode_leaves_every_update_as_a_plan(memory: Memory) -> None:
    memory.container.writes.config = memory.container.writes.config.__class__(
        manual_groups=frozenset({ALICE})
    )
    say(memory, "I live in Oslo", observation_date="2025-01-01")
    waiting = say(memory, "I live in Rome", observation_date="2026-01-01")
    assert waiting["event"] == "ADD"
    assert waiting["conflicts"][0]["executed"] is False
    assert {f.value for f in current(memory, "alice")} == {"Oslo", "Rome"}
    plan = memory.conflict_resolve(fact_id=waiting["id"], user_id="alice")
    assert [p["action"] for p in plan["plan"]] == ["UPDATE"] and not plan["executed"]
    done = memory.conflict_resolve(fact_id=waiting["id"], user_id="alice", dry_run=False)
    assert done["executed"]
    (rome,) = current(memory, "alice")
    assert (rome.value, rome.needs_confirmation) == ("Rome", False)
    again = memory.conflict_resolve(fact_id=waiting["id"], user_id="alice", dry_run=False)
    assert again["executed"] is False


CAREER = [("Brentford", 2001), ("Brighton", 2002), ("Reading", 2003), ("Brighton", 2016)]


@pytest.mark.parametrize("order", [[3, 0, 1, 2], [0, 1, 2, 3], [2, 3, 1, 0]])
def test_a_value_that_returns_is_answered_for_each_period_in_any_order(
    memory: Memory, order: list[int]
) -> None:
    for team, year in (CAREER[i] for i in order):
        say(memory, f"Steve Sidwell plays for {team}.", observation_date=f"{year}-01-01")
    expected = {2001: "Brentford", 2002: "Brighton", 2010: "Reading", 2020: "Brighton"}
    answered = {
        year: [
            f["value"]
            for f in memory.facts(subject="Steve Sidwell", as_of=str(year), user_id="alice")[
                "facts"
            ]
        ]
        for year in expected
    }
    assert answered == {year: [team] for year, team in expected.items()}
    assert [f.value for f in current(memory, "steve sidwell")] == ["Brighton"]


def test_a_held_correction_once_confirmed_stops_believing_what_it_corrects(
    memory: Memory,
) -> None:
    """A correction waits in manual mode like any update; confirmed later it still expires the
    record it corrects (never was true), rather than closing it in event time (was true until
    then), because the stored record remembers it was said as a correction."""
    memory.container.writes.config = memory.container.writes.config.__class__(
        manual_groups=frozenset({ALICE})
    )
    oslo = say(memory, "I live in Oslo", observation_date="2025-01-01")
    held = say(memory, "No, I live in Rome", observation_date="2026-01-01")
    assert held["conflicts"][0]["executed"] is False
    memory.confirm_fact(held["id"], user_id="alice")
    (old,) = reads(memory.container.store).facts.get(ALICE, [oslo["id"]])
    assert old.expired_at is not None
    assert old.invalid_at is None
    assert [f.value for f in current(memory, "alice")] == ["Rome"]


@pytest.mark.parametrize(
    ("said", "changed"),
    [
        ("Actually I moved to Paris in March 2025, after two years in Berlin.", True),
        ("No, I moved to Paris in 2023.", False),  # the same start: the move itself corrected
        ("Actually, I live in Paris.", False),  # no time of its own: Berlin was never true
    ],
)
def test_a_correction_that_says_when_the_change_came_closes_the_record_there(
    memory: Memory, said: str, changed: bool
) -> None:
    """Found trying the service as a new user: "Actually" marks a correction, which retracts
    the record; but a statement that names when the new state began, after the record's
    start, tells a change in time, and "where did I live in 2024?" must still say Berlin."""
    berlin = say(memory, "I moved to Berlin in 2023.", observation_date="2023-06-01")
    say(memory, said, observation_date="2025-04-01")
    (old,) = reads(memory.container.store).facts.get(ALICE, [berlin["id"]])
    in_2024 = [f["value"] for f in memory.facts(user_id="alice", as_of="2024-06")["facts"]]
    assert [f.value for f in current(memory, "alice")] == ["Paris"]
    if changed:
        assert (old.expired_at, old.invalid_at) == (None, datetime(2025, 3, 1, tzinfo=UTC))
        assert in_2024 == ["Berlin"]
    else:
        assert old.expired_at is not None and old.invalid_at is None
        assert "Berlin" not in in_2024


def test_a_reviewer_cannot_confirm_a_record_a_later_one_replaced(memory: Memory) -> None:
    oslo = say(memory, "I live in Oslo", observation_date="2025-01-01")
    say(memory, "I live in Rome", observation_date="2026-01-01")
    with pytest.raises(ConflictError, match="no longer current"):
        memory.confirm_fact(oslo["id"], user_id="alice")
    with pytest.raises(ConflictError, match="no longer current"):
        memory.reject_fact(oslo["id"], user_id="alice")


def test_a_reviewer_settles_a_dispute_and_can_undo_it(memory: Memory) -> None:
    yes = say(memory, "Atlas supports SSO")
    no = say(memory, "Atlas does not support SSO")
    memory.confirm_fact(yes["id"], user_id="alice")
    (kept,) = current(memory, "atlas")
    assert (kept.uuid, kept.disputed, kept.verify_status.value) == (yes["id"], False, "verified")
    memory.rollback(yes["id"], user_id="alice")
    assert {f.uuid for f in current(memory, "atlas")} == {yes["id"], no["id"]}
    assert all(f.disputed for f in current(memory, "atlas"))
    memory.reject_fact(no["id"], user_id="alice")
    (left,) = current(memory, "atlas")
    assert (left.uuid, left.disputed) == (yes["id"], False)


def test_rollback_restores_the_state_before_an_update(memory: Memory) -> None:
    oslo = say(memory, "I live in Oslo", observation_date="2025-01-01")
    before = current(memory, "alice")
    rome = say(memory, "I live in Rome", observation_date="2026-01-01")
    restored = memory.rollback(rome["id"], user_id="alice")
    assert restored["rolled_back"] == rome["id"]
    assert current(memory, "alice") == before
    with pytest.raises(ConflictError):
        memory.rollback(rome["id"], user_id="alice")
    assert memory.verify_ledger(user_id="alice")["ok"]
    assert oslo["id"] == before[0].uuid


def test_rollback_refuses_to_skip_a_later_action(memory: Memory) -> None:
    say(memory, "I live in Oslo", observation_date="2024-01-01")
    rome = say(memory, "I live in Rome", observation_date="2025-01-01")
    say(memory, "I live in Kyiv", observation_date="2026-01-01")
    with pytest.raises(ConflictError) as info:
        memory.rollback(rome["id"], user_id="alice")
    assert "roll that back first" in info.value.message


def test_rollback_undoes_a_write_that_changed_one_record_twice(memory: Memory) -> None:
    """A write whose one action changes a record twice (Oslo's dispute restated, then Oslo
    closed by the earlier Rome placed in its history) is undone whole: each record is checked
    against what the action left in it last, not against an intermediate step."""
    say(memory, "I live in Oslo", source_type="user", observation_date="2023-06-01")
    say(memory, "I live in Rome", source_type="file", observation_date="2024-06-01")
    before = current(memory, "alice")
    late = memory.add(
        "I live in Rome", user_id="alice", source_type="file", observation_date="2023-06-01"
    )
    created = [r["id"] for r in late["results"] if r["event"] not in ("DUPLICATE", "NOOP")]
    assert created
    for fact_id in reversed(created):
        memory.rollback(fact_id, user_id="alice")
    assert current(memory, "alice") == before
    assert memory.verify_ledger(user_id="alice")["ok"]


def test_resolve_needs_exactly_one_target_and_the_callers_own_records(memory: Memory) -> None:
    mine = say(memory, "I live in Oslo")
    with pytest.raises(InvalidInput):
        memory.conflict_resolve(user_id="alice")
    with pytest.raises(InvalidInput):
        memory.conflict_resolve("I live in Rome", fact_id=mine["id"], user_id="alice")
    with pytest.raises(NotFound):
        memory.conflict_resolve(fact_id=mine["id"], user_id="mallory")
    with pytest.raises(NotFound):
        memory.rollback(mine["id"], user_id="mallory")


def test_66_facets_of_one_system_raise_no_false_conflict(memory: Memory) -> None:
    memory.add_batch([{"messages": line, "user_id": "alice"} for line in FACETS])
    clean = memory.audit(user_id="alice")
    assert clean["scanned"] == 66 and clean["flagged"] == 0, clean["groups"]
    memory.add("Atlas does not support SSO.", user_id="alice")
    found = memory.conflict_resolve(scope="audit", user_id="alice")
    assert (found["scanned"], found["flagged"]) == (67, 1)
    (group,) = found["groups"]
    assert (group["entity"], group["predicate"], group["conflict_type"]) == (
        "Atlas",
        "supports",
        "logical_contradiction",
    )


def test_history_lists_every_version_and_reports_broken_links(memory: Memory) -> None:
    say(memory, "I live in Oslo", observation_date="2024-01-01")
    say(memory, "I live in Rome", observation_date="2025-01-01")
    say(memory, "I like jazz")
    answer = memory.history("alice", user_id="alice")
    chains = {c["predicate"]: [v["value"] for v in c["versions"]] for c in answer["chains"]}
    assert chains == {"lives_in": ["Oslo", "Rome"], "likes": ["jazz"]}
    assert answer["broken"] == []
    oslo = reads(memory.container.store).facts.history(ALICE, "alice", "lives_in")[0]
    memory.container.store.transaction(
        lambda tx: tx.facts.patch(ALICE, [FactPatch(oslo.uuid, {"superseded_by": "ghost"})])
    )
    (problem,) = memory.history("alice", user_id="alice", predicate="lives_in")["broken"]
    assert (problem["record"], problem["link"]) == (oslo.uuid, "superseded_by")
    with pytest.raises(NotFound):
        memory.history("nobody", user_id="alice")


def test_every_executed_action_is_ledgered(memory: Memory) -> None:
    say(memory, "Atlas supports SSO")
    no = say(memory, "Atlas does not support SSO")
    length = memory.verify_ledger(user_id="alice")["length"]
    memory.confirm_fact(no["id"], user_id="alice")
    memory.rollback(no["id"], user_id="alice")
    verdict = memory.verify_ledger(user_id="alice")
    assert verdict["ok"] and verdict["length"] == length + 2
