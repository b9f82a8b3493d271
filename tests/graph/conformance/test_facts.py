"""Storage conformance: facts, alignment, time rules, history. Runs on every backend."""

from __future__ import annotations

import pytest

from graph.domain.enums import MemoryType, VerifyStatus
from graph.domain.errors import DuplicateRecord, InvalidInput, NotFound
from graph.domain.model import Entity, Fact
from graph.domain.timerules import Period, TimeQuery
from graph.ports.facts import (
    AlignmentKey,
    FactFilter,
    FactPatch,
    FactQuery,
)
from graph.ports.store import Store, StoreTx
from tests.builders import days, entity, expire, fact, record, supersede
from tests.conftest import T0
from tests.support.reads import reads

G = "u_alice"
OTHER = "u_bob"


def test_recorded_fact_reads_back_identically(store: Store) -> None:
    (stored,) = record(
        store,
        fact(
            G,
            "alice",
            "lives_in",
            "Berlin",
            valid_at=T0 - days(30),
            metadata={"msg": "m-1"},
            categories=("location",),
            source_span=(0, 12),
            media_refs=("https://x/y.jpg",),
        ),
    )
    (back,) = reads(store).facts.get(G, [stored.uuid])
    assert back == stored.model_copy(update={"fact_embedding": None})


def test_a_signature_is_held_once(store: Store) -> None:
    (first,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0))
    again = fact(G, "alice", "likes", "tea", valid_at=T0).model_copy(
        update={"signature": first.signature}
    )
    with pytest.raises(DuplicateRecord):
        record(store, again)
    assert reads(store).facts.by_signatures(G, [first.signature]) == {first.signature: first}


def test_a_uuid_is_held_once(store: Store) -> None:
    (first,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0))
    clash = fact(G, "alice", "likes", "coffee", valid_at=T0).model_copy(update={"uuid": first.uuid})
    with pytest.raises(DuplicateRecord):
        record(store, clash)


def test_a_failed_transaction_writes_nothing(store: Store) -> None:
    (first,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0))
    fresh = fact(G, "alice", "likes", "jazz", valid_at=T0)
    clash = fact(G, "alice", "likes", "coffee", valid_at=T0).model_copy(update={"uuid": first.uuid})
    with pytest.raises(DuplicateRecord):
        record(store, fresh, clash)
    assert reads(store).facts.get(G, [fresh.uuid]) == []


def test_signature_lookup_is_per_tenant(store: Store) -> None:
    (mine,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0))
    assert reads(store).facts.by_signatures(OTHER, [mine.signature]) == {}
    assert reads(store).facts.get(OTHER, [mine.uuid]) == []


def test_alignment_finds_current_records_of_subject_and_predicate_in_every_scope(
    store: Store,
) -> None:
    a, b, _, _ = record(
        store,
        fact(G, "alice", "works_at", "Company A", valid_at=T0 - days(9), scope="beijing"),
        fact(G, "alice", "works_at", "Company Z", valid_at=T0 - days(9), scope="shanghai"),
        fact(G, "alice", "lives_in", "Berlin", valid_at=T0 - days(9)),
        fact(G, "bob", "works_at", "Company A", valid_at=T0 - days(9)),
    )
    record(store, fact(OTHER, "alice", "works_at", "Company Q", valid_at=T0 - days(9)))
    aligned = reads(store).facts.aligned(G, [AlignmentKey("alice", "works_at")], T0)
    assert {f.uuid for f in aligned} == {a.uuid, b.uuid}


def test_alignment_by_value_finds_the_same_value_and_every_other_scope(store: Store) -> None:
    same, other_value, in_rome, elsewhere, _ = record(
        store,
        fact(G, "alice", "said", "hello", valid_at=T0 - days(9)),
        fact(G, "alice", "said", "goodbye", valid_at=T0 - days(8)),
        fact(G, "alice", "said", "ciao", valid_at=T0 - days(7), scope="rome"),
        fact(G, "alice", "said", "hello", valid_at=T0 - days(6), scope="oslo"),
        fact(G, "bob", "said", "hello", valid_at=T0 - days(5)),
    )
    (gone,) = record(store, fact(G, "alice", "said", "hi", valid_at=T0 - days(4), scope="zug"))
    store.transaction(lambda tx: expire(tx, G, [gone.uuid], T0))

    def found(value_key: str, scope: str) -> set[str]:
        key = AlignmentKey("alice", "said", value_key, scope)
        return {f.uuid for f in reads(store).facts.aligned(G, [key], T0)}

    assert found(same.value_key, "") == {same.uuid, in_rome.uuid, elsewhere.uuid}
    assert found("no such value", "rome") == {same.uuid, other_value.uuid, elsewhere.uuid}
    assert found(in_rome.value_key, "rome") == {
        same.uuid, other_value.uuid, in_rome.uuid, elsewhere.uuid,
    }  # fmt: skip


def test_alignment_skips_superseded_and_expired_records(store: Store) -> None:
    old, new, wrong = record(
        store,
        fact(G, "alice", "lives_in", "Paris", valid_at=T0 - days(100)),
        fact(G, "alice", "lives_in", "Berlin", valid_at=T0 - days(10)),
        fact(G, "alice", "lives_in", "Rome", valid_at=T0 - days(5)),
    )
    store.transaction(lambda tx: supersede(tx, G, old, new.uuid, new.valid_at, T0))
    store.transaction(lambda tx: expire(tx, G, [wrong.uuid], T0))
    aligned = reads(store).facts.aligned(G, [AlignmentKey("alice", "lives_in")], T0)
    assert [f.uuid for f in aligned] == [new.uuid]


def test_supersede_closes_old_record_without_touching_its_valid_at(store: Store) -> None:
    old, new = record(
        store,
        fact(G, "cust", "subscription_status", "cancelled", valid_at=T0 - days(120)),
        fact(G, "cust", "subscription_status", "active", valid_at=T0 - days(30), supersedes=None),
    )
    store.transaction(lambda tx: supersede(tx, G, old, new.uuid, new.valid_at, T0))
    (closed,) = reads(store).facts.get(G, [old.uuid])
    assert closed.valid_at == old.valid_at
    assert closed.invalid_at == new.valid_at
    assert closed.invalidated_at == T0
    assert closed.superseded_by == new.uuid
    assert closed.verify_status is VerifyStatus.SUPERSEDED
    assert closed.expired_at is None


def test_supersede_before_validity_is_rejected(store: Store) -> None:
    (old,) = record(store, fact(G, "a", "p", "x", valid_at=T0))
    with pytest.raises(InvalidInput):
        store.transaction(lambda tx: supersede(tx, G, old, "new", T0 - days(1), T0))


def test_patching_a_missing_or_foreign_record_is_not_found(store: Store) -> None:
    (mine,) = record(store, fact(G, "a", "p", "x", valid_at=T0))
    with pytest.raises(NotFound):
        store.transaction(
            lambda tx: tx.facts.patch(OTHER, [FactPatch(mine.uuid, {"disputed": True})])
        )
    with pytest.raises(NotFound):
        store.transaction(lambda tx: tx.facts.patch(G, [FactPatch("nope", {"disputed": True})]))
    (back,) = reads(store).facts.get(G, [mine.uuid])
    assert back.disputed is False


def _subscription_story(store: Store) -> tuple[str, str]:
    """Unsubscribed in November 2025, resubscribed in February 2026, learned on those days."""
    nov, feb = T0.replace(year=2025, month=11, day=10), T0.replace(year=2026, month=2, day=3)
    old, new = record(
        store,
        fact(G, "customer", "subscription_status", "cancelled", valid_at=nov, created_at=nov),
        fact(G, "customer", "subscription_status", "active", valid_at=feb, created_at=feb),
    )
    store.transaction(lambda tx: supersede(tx, G, old, new.uuid, feb, feb))
    return old.uuid, new.uuid


def test_current_as_of_and_known_at_answer_three_different_questions(store: Store) -> None:
    old, new = _subscription_story(store)
    by_subject = FactFilter(subject_key="customer")

    def ask(time: TimeQuery) -> list[str]:
        return [f.uuid for f in reads(store).facts.find(G, FactQuery(by_subject, time), T0)]

    december = Period.half_open(T0.replace(year=2025, month=12, day=1), T0.replace(month=1, day=1))
    assert ask(TimeQuery()) == [new]
    assert ask(TimeQuery(as_of=december)) == [old]
    assert ask(TimeQuery(known_at=T0.replace(year=2026, month=1, day=15))) == [old]
    assert ask(TimeQuery(known_at=T0.replace(year=2025, month=10, day=1))) == []
    both = TimeQuery(as_of=Period.point(T0), known_at=T0.replace(year=2026, month=1, day=15))
    assert ask(both) == [old]


def test_a_year_means_valid_at_any_point_in_it(store: Store) -> None:
    old, new = _subscription_story(store)
    whole_2025 = Period.half_open(T0.replace(year=2025, month=1, day=1), T0.replace(month=1, day=1))
    whole_2026 = Period.half_open(T0.replace(month=1, day=1), T0.replace(year=2027, month=1, day=1))
    query = FactQuery(FactFilter(subject_key="customer"), TimeQuery(as_of=whole_2025))
    assert [f.uuid for f in reads(store).facts.find(G, query, T0)] == [old]
    query = FactQuery(FactFilter(subject_key="customer"), TimeQuery(as_of=whole_2026))
    assert sorted(f.uuid for f in reads(store).facts.find(G, query, T0)) == sorted([old, new])


def test_a_correction_is_invisible_to_later_beliefs_and_visible_before(store: Store) -> None:
    (wrong,) = record(
        store,
        fact(G, "alice", "birthday", "May 4", valid_at=T0 - days(10), created_at=T0 - days(10)),
    )
    store.transaction(lambda tx: expire(tx, G, [wrong.uuid], T0 - days(2)))
    current = reads(store).facts.find(G, FactQuery(FactFilter(subject_key="alice")), T0)
    before = reads(store).facts.find(
        G, FactQuery(FactFilter(subject_key="alice"), TimeQuery(known_at=T0 - days(5))), T0
    )
    assert current == []
    assert [f.uuid for f in before] == [wrong.uuid]


def test_history_includes_every_version_in_event_order(store: Store) -> None:
    a, b, c = record(
        store,
        fact(G, "alice", "lives_in", "Rome", valid_at=T0 - days(10), created_at=T0),
        fact(G, "alice", "lives_in", "Paris", valid_at=T0 - days(300), created_at=T0),
        fact(G, "alice", "likes", "tea", valid_at=T0 - days(50), created_at=T0),
    )
    store.transaction(lambda tx: supersede(tx, G, b, a.uuid, a.valid_at, T0))
    assert [f.uuid for f in reads(store).facts.history(G, "alice")] == [b.uuid, c.uuid, a.uuid]
    assert [f.uuid for f in reads(store).facts.history(G, "alice", "lives_in")] == [b.uuid, a.uuid]
    assert reads(store).facts.history(OTHER, "alice") == []


def test_filters_and_limit(store: Store) -> None:
    record(
        store,
        fact(
            G,
            "alice",
            "likes",
            "tea",
            valid_at=T0 - days(3),
            memory_type=MemoryType.PREFERENCE,
            categories=("preference", "food"),
        ),
        fact(G, "alice", "lives_in", "Berlin", valid_at=T0 - days(2), categories=("location",)),
        fact(
            G,
            "bob",
            "likes",
            "jazz",
            valid_at=T0 - days(1),
            memory_type=MemoryType.PREFERENCE,
            categories=("preference",),
            scope="project a",
            agent_id="helper",
        ),
    )

    def values(flt: FactFilter, limit: int = 100) -> list[str]:
        return [f.value for f in reads(store).facts.find(G, FactQuery(flt, limit=limit), T0)]

    assert values(FactFilter()) == ["jazz", "Berlin", "tea"]
    assert values(FactFilter(), limit=2) == ["jazz", "Berlin"]
    assert values(FactFilter(memory_types=("preference",))) == ["jazz", "tea"]
    assert values(FactFilter(categories=("food", "location"))) == ["Berlin", "tea"]
    assert values(FactFilter(scope="project a")) == ["jazz"]
    assert values(FactFilter(agent_id="helper")) == ["jazz"]
    assert values(FactFilter(subject_key="alice", predicate="likes")) == ["tea"]
    assert values(FactFilter(verify_statuses=("superseded",))) == []


def test_include_history_returns_records_the_time_rules_hide(store: Store) -> None:
    (gone,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0 - days(3)))
    store.transaction(lambda tx: expire(tx, G, [gone.uuid], T0))
    flt = FactFilter(subject_key="alice")
    assert reads(store).facts.find(G, FactQuery(flt), T0) == []
    assert [
        f.uuid for f in reads(store).facts.find(G, FactQuery(flt, include_history=True), T0)
    ] == [gone.uuid]


def test_limit_out_of_range_is_invalid_input() -> None:
    with pytest.raises(InvalidInput) as info:
        FactQuery(limit=0)
    assert info.value.field == "limit"


def test_entities_merge_by_normalised_name_within_a_tenant(store: Store) -> None:
    first, second = record(
        store,
        fact(G, "Alice", "lives_in", "Berlin", valid_at=T0),
        fact(G, "alice", "likes", "berlin", valid_at=T0),
    )
    (foreign,) = record(store, fact(OTHER, "alice", "likes", "tea", valid_at=T0))
    assert first.subject_uuid == second.subject_uuid
    assert first.object_uuid == second.object_uuid
    assert foreign.subject_uuid != first.subject_uuid
    assert set(reads(store).entities.get(G, ["alice", "berlin"])) == {"alice", "berlin"}


def test_mixing_tenants_in_one_entity_upsert_is_rejected(store: Store) -> None:
    def work(tx: StoreTx) -> None:
        tx.entities.upsert([entity(G, "x", T0), entity(OTHER, "y", T0)])

    with pytest.raises(InvalidInput):
        store.transaction(work)


def test_a_fact_cannot_link_another_tenants_entities(store: Store) -> None:
    (mine,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0))
    stray = fact(OTHER, "alice", "likes", "coffee", valid_at=T0).model_copy(
        update={"subject_uuid": mine.subject_uuid, "object_uuid": mine.object_uuid}
    )
    with pytest.raises(NotFound):
        store.transaction(lambda tx: tx.facts.record([stray]))
    assert reads(store).facts.find(OTHER, FactQuery(), T0) == []


def test_every_boundary_of_the_time_rules(store: Store) -> None:
    """Validity is [valid_at, invalid_at); belief is [created_at, expired_at); an invalidation
    counts from invalidated_at on."""
    tick = days(1) / 86_400_000_000
    start, end = T0 - days(10), T0 - days(5)
    old, new = record(
        store,
        fact(G, "a", "p", "old", valid_at=start, created_at=start),
        fact(G, "a", "p", "new", valid_at=end, created_at=start),
    )
    store.transaction(lambda tx: supersede(tx, G, old, new.uuid, end, T0 - days(2)))
    store.transaction(lambda tx: expire(tx, G, [new.uuid], T0 - days(1)))

    def seen(time: TimeQuery) -> set[str]:
        return {f.value for f in reads(store).facts.find(G, FactQuery(time=time), T0)}

    assert seen(TimeQuery(as_of=Period.point(end))) == set()
    assert seen(TimeQuery(as_of=Period.point(end - tick))) == {"old"}
    assert seen(TimeQuery(as_of=Period.point(start - tick))) == set()
    assert seen(TimeQuery(as_of=Period.point(start))) == {"old"}
    assert seen(TimeQuery(known_at=start - tick)) == set()
    assert seen(TimeQuery(known_at=start)) == {"old", "new"}
    assert seen(TimeQuery(known_at=T0 - days(2) - tick)) == {"old", "new"}
    assert seen(TimeQuery(known_at=T0 - days(2))) == {"new"}
    assert seen(TimeQuery(known_at=T0 - days(1) - tick)) == {"new"}
    assert seen(TimeQuery(known_at=T0 - days(1))) == set()


def test_export_holds_every_record_of_the_tenant_and_nothing_else(store: Store) -> None:
    mine = record(
        store,
        *[
            fact(G, "alice", "likes", f"thing {i}", valid_at=T0, embedding=(0.5,) * 8)
            for i in range(7)
        ],
    )
    record(store, fact(OTHER, "bob", "likes", "tea", valid_at=T0))
    exported = list(store.export(G, page=3))
    facts = [r for r in exported if isinstance(r, Fact)]
    entities = [r for r in exported if isinstance(r, Entity)]
    assert {f.uuid for f in facts} == {f.uuid for f in mine}
    assert all(f.fact_embedding == (0.5,) * 8 for f in facts)
    assert {e.normalized for e in entities} == {"alice"} | {f"thing {i}" for i in range(7)}
    assert all(r.group_id == G for r in exported)
