"""The unit of work: reads inside it see its own pending changes; only commit() writes. Both
backends, through the real port."""

from __future__ import annotations

import re
from pathlib import Path

from graph.domain.enums import VerifyStatus
from graph.domain.resolution import Change
from graph.ports.store import Store, StoreTx
from service.write.uow import UnitOfWork, in_unit
from tests.builders import fact, link, record
from tests.conftest import T0
from tests.support.reads import reads

G = "u_uow"


def test_reads_see_pending_changes_and_commit_writes_them(store: Store) -> None:
    (old,) = record(store, fact(G, "alice", "lives_in", "Oslo", valid_at=T0))

    def work(uow: UnitOfWork) -> None:
        assert [f.uuid for f in uow.aligned(old)] == []  # the record itself is not aligned
        (new,) = link(uow.tx, [fact(G, "alice", "lives_in", "Rome", valid_at=T0)])
        assert [f.uuid for f in uow.aligned(new)] == [old.uuid]
        uow.change(G, Change(old.uuid, {"expired_at": T0, "superseded_by": new.uuid}))
        uow.add(new)
        assert [f.uuid for f in uow.aligned(old)] == [new.uuid]  # the old one is expired
        assert uow.holder(G, new.signature) == new
        held = uow.holder(G, old.signature)
        assert held is not None and held.superseded_by == new.uuid
        assert {f.uuid for f in uow.chain(new)} == {old.uuid}

    in_unit(store, T0, work)
    stored = {f.value: f for f in reads(store).facts.history(G, "alice", "lives_in")}
    assert set(stored) == {"Oslo", "Rome"}
    assert stored["Oslo"].superseded_by == stored["Rome"].uuid


def test_leaving_without_commit_writes_nothing(store: Store) -> None:
    (old,) = record(store, fact(G, "bob", "likes", "tea", valid_at=T0))

    def work(tx: StoreTx) -> None:
        with UnitOfWork(tx, T0) as uow:
            uow.change(G, Change(old.uuid, {"verify_status": VerifyStatus.SUPERSEDED}))
            uow.add(link(tx, [fact(G, "bob", "likes", "coffee", valid_at=T0)])[0])
            assert not uow.committed

    store.transaction(work)
    (only,) = reads(store).facts.history(G, "bob", "likes")
    assert only == old


def test_copies_are_written_unjudged_and_seen_by_the_unit(store: Store) -> None:
    """A restore's or a migration's copies: records as they were made, no verdict on them
    (the superseded one stays superseded, the two are not compared), visible to later reads."""
    target = G + "_copy"
    old = fact(target, "carol", "lives_in", "Oslo", valid_at=T0)
    new = fact(target, "carol", "lives_in", "Rome", valid_at=T0)
    old = old.model_copy(update={"superseded_by": new.uuid, "expired_at": T0})

    def work(uow: UnitOfWork) -> None:
        (held,) = link(uow.tx, [old])
        (holds,) = link(uow.tx, [new])
        uow.copies([held, holds])
        assert uow.holder(target, old.signature) == held
        assert [f.uuid for f in uow.aligned(held)] == [holds.uuid]

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
