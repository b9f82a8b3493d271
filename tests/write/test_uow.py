"""The unit of work: it holds its view of the facts (`uow.facts`), whose reads see its own
pending changes; staged writes are stored by `commit()`, immediate ones at once; a unit left
without `commit()`, or by an exception, stores nothing, immediate writes included. Both
backends, through the real port."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graph.domain.enums import VerifyStatus
from graph.domain.ledger import LedgerDraft
from graph.domain.model import Operation
from graph.domain.resolution import Change
from graph.ports.store import Store
from service.write.uow import UnitOfWork, in_unit
from service.write.view import FactView
from tests.builders import entity, fact, linked_by, record
from tests.conftest import T0
from tests.support.reads import reads

G = "u_uow"


def test_reads_see_pending_changes_and_commit_writes_them(store: Store) -> None:
    (old,) = record(store, fact(G, "alice", "lives_in", "Oslo", valid_at=T0))

    def work(uow: UnitOfWork) -> None:
        view = uow.facts
        assert [f.uuid for f in view.aligned(old)] == []  # the record itself is not aligned
        upsert = uow.immediate.upsert_entities
        (new,) = linked_by(upsert, [fact(G, "alice", "lives_in", "Rome", valid_at=T0)])
        assert [f.uuid for f in view.aligned(new)] == [old.uuid]
        view.change(G, Change(old.uuid, {"expired_at": T0, "superseded_by": new.uuid}))
        view.add(new)
        assert [f.uuid for f in view.aligned(old)] == [new.uuid]  # the old one is expired
        assert view.holder(G, new.signature) == new
        held = view.holder(G, old.signature)
        assert held is not None and held.superseded_by == new.uuid
        assert {f.uuid for f in view.chain(new)} == {old.uuid}
        uow.commit()

    in_unit(store, T0, work)
    stored = {f.value: f for f in reads(store).facts.history(G, "alice", "lives_in")}
    assert set(stored) == {"Oslo", "Rome"}
    assert stored["Oslo"].superseded_by == stored["Rome"].uuid


def test_the_unit_holds_its_view_and_is_not_one(store: Store) -> None:
    def work(uow: UnitOfWork) -> tuple[bool, bool]:
        uow.commit()
        return isinstance(uow.facts, FactView), isinstance(uow, FactView)

    assert in_unit(store, T0, work) == (True, False)


def _stage_and_write_at_once(uow: UnitOfWork, old_uuid: str) -> None:
    """A staged change, a staged new record and ledger entry, and three immediate writes."""
    uow.facts.change(G, Change(old_uuid, {"verify_status": VerifyStatus.SUPERSEDED}))
    upsert = uow.immediate.upsert_entities
    uow.facts.add(linked_by(upsert, [fact(G, "bob", "likes", "coffee", valid_at=T0)])[0])
    uow.immediate.upsert_entities([entity(G, "zanzibar", T0)])
    uow.immediate.queue(
        Operation(event_id="op-uncommitted", group_id=G, created_at=T0, updated_at=T0)
    )
    uow.ledger(G, [LedgerDraft("add", ("x",))])


def _nothing_stored(store: Store, old: object) -> None:
    assert reads(store).facts.history(G, "bob", "likes") == [old]
    assert reads(store).entities.get(G, ["zanzibar", "coffee"]) == {}
    assert reads(store).operations.get("op-uncommitted") is None
    assert reads(store).ledger.head(G) is None


def test_leaving_without_commit_stores_nothing_not_even_immediate_writes(store: Store) -> None:
    (old,) = record(store, fact(G, "bob", "likes", "tea", valid_at=T0))

    def work(uow: UnitOfWork) -> str:
        _stage_and_write_at_once(uow, old.uuid)
        assert not uow.committed
        return "left"

    assert in_unit(store, T0, work) == "left"  # the unit's answer still comes back
    _nothing_stored(store, old)


def test_an_exception_in_the_unit_stores_nothing_even_after_commit(store: Store) -> None:
    (old,) = record(store, fact(G, "bob", "likes", "tea", valid_at=T0))

    def work(uow: UnitOfWork) -> None:
        _stage_and_write_at_once(uow, old.uuid)
        uow.commit()
        raise RuntimeError("the use case failed after staging")

    with pytest.raises(RuntimeError):
        in_unit(store, T0, work)
    _nothing_stored(store, old)


def test_copies_are_written_unjudged_and_seen_by_the_unit(store: Store) -> None:
    """A restore's or a migration's copies: records as they were made, no verdict on them
    (the superseded one stays superseded, the two are not compared), visible to later reads."""
    target = G + "_copy"
    old = fact(target, "carol", "lives_in", "Oslo", valid_at=T0)
    new = fact(target, "carol", "lives_in", "Rome", valid_at=T0)
    old = old.model_copy(update={"superseded_by": new.uuid, "expired_at": T0})

    def work(uow: UnitOfWork) -> None:
        (held,) = linked_by(uow.immediate.upsert_entities, [old])
        (holds,) = linked_by(uow.immediate.upsert_entities, [new])
        uow.copies([held, holds])
        assert uow.facts.holder(target, old.signature) == held
        assert [f.uuid for f in uow.facts.aligned(held)] == [holds.uuid]
        uow.commit()

    in_unit(store, T0, work)
    stored = {f.value: f for f in reads(store).facts.history(target, "carol", "lives_in")}
    assert stored["Oslo"].superseded_by == stored["Rome"].uuid
    assert stored["Rome"].supersedes is None  # copied as given, not linked by a judge


def test_only_the_unit_of_work_writes_records() -> None:
    """No use case writes facts, episodes, candidates, entities, actions, ledger entries or
    operations behind the unit of work, nor erases or leases behind it."""
    writes = re.compile(
        r"\btx\.(facts\.(record|patch)|entities\.upsert|episodes\.record|ledger\.append|"
        r"operations\.(record|append|finish|claim)|candidates\.(record|update)|"
        r"actions\.(record|mark_rolled_back)|erasure\.\w+)\("
    )
    root = Path(__file__).resolve().parents[2] / "service"
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        if path.name != "uow.py"
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if writes.search(line)
    ]
    assert found == []


def test_the_service_opens_write_transactions_only_through_the_unit_of_work() -> None:
    """`store.read(...)` and the unit of work are the only ways into storage."""
    root = Path(__file__).resolve().parents[2] / "service"
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        if path.name != "uow.py"
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if re.search(r"\.transaction\(", line)
    ]
    assert found == []
