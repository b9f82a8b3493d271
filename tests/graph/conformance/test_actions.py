"""Storage conformance: executed actions (before-images) and the audit's subject scan."""

from __future__ import annotations

import pytest

from graph.domain.errors import NotFound
from graph.domain.model import ActionRecord
from graph.ports.store import Store
from tests.builders import days, expire, fact, new_id, record
from tests.conftest import T0
from tests.support.reads import reads

G = "u_alice"


def action(fact_id: str, offset: float, **extra: object) -> ActionRecord:
    return ActionRecord(
        uuid=new_id(),
        group_id=G,
        kind="write",
        fact_id=fact_id,
        at=T0 + days(offset),
        changes=(
            {"uuid": "x", "before": {"invalid_at": None}, "after": {"invalid_at": T0.isoformat()}},
        ),
        **extra,  # type: ignore[arg-type]
    )


def test_actions_are_stored_listed_and_marked_rolled_back(store: Store) -> None:
    later, earlier = action("f1", 2, created=True), action("f1", 1)
    other = action("f2", 0)
    store.transaction(lambda tx: tx.actions.record([later, earlier, other]))
    assert reads(store).actions.of_fact(G, "f1") == [earlier, later]
    assert reads(store).actions.of_fact("u_bob", "f1") == []
    store.transaction(lambda tx: tx.actions.mark_rolled_back(G, later.uuid, T0 + days(3)))
    assert reads(store).actions.of_fact(G, "f1")[1].rolled_back_at == T0 + days(3)
    with pytest.raises(NotFound):
        store.transaction(lambda tx: tx.actions.mark_rolled_back("u_bob", earlier.uuid, T0))


def test_the_subject_scan_pages_through_current_records(store: Store) -> None:
    written = record(
        store, *[fact(G, f"subject {i}", "p", f"v{i}", valid_at=T0 - days(1)) for i in range(5)]
    )
    gone = record(store, fact(G, "subject 9", "p", "old", valid_at=T0 - days(1)))[0]
    store.transaction(lambda tx: expire(tx, G, [gone.uuid], T0))
    record(store, fact("u_bob", "subject 0", "p", "theirs", valid_at=T0))
    first = store.read(lambda tx: tx.facts.subject_keys(G, "", 3, T0))
    rest = store.read(lambda tx: tx.facts.subject_keys(G, first[-1], 3, T0))
    assert first + rest == [f"subject {i}" for i in range(5)]
    found = store.read(lambda tx: tx.facts.of_subjects(G, ["subject 1", "subject 9"], T0))
    assert [f.uuid for f in found] == [written[1].uuid]
