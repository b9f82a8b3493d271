"""The maintenance interface (`graph.ports.maintenance`) does the same on every backend: it is what
tests and benchmarks use instead of private attributes or ad hoc queries."""

from __future__ import annotations

from graph.domain.model import Entity
from graph.ports.facts import FactFilter, FactQuery
from graph.ports.store import Store
from tests.builders import entity, fact, record
from tests.conftest import T0
from tests.graph.conformance.test_ledger import append
from tests.support.reads import reads

G = "u_alice"
OTHER = "u_bob"


def stored(store: Store, group_id: str) -> set[str]:
    return {f.value for f in reads(store).facts.find(group_id, FactQuery(FactFilter()), T0)}


def test_drop_group_removes_one_tenant_and_its_ledger_only(store: Store) -> None:
    record(store, fact(G, "alice", "lives_in", "Berlin", valid_at=T0))
    record(store, fact(OTHER, "bob", "lives_in", "Paris", valid_at=T0))
    append(store, G, "add")
    append(store, OTHER, "add")
    store.maintenance().drop_group(G)
    assert stored(store, G) == set()
    assert store.verify_ledger(G).length == 0
    assert stored(store, OTHER) == {"Paris"}
    assert store.verify_ledger(OTHER).length == 1


def test_wipe_removes_every_tenant(store: Store) -> None:
    record(store, fact(G, "alice", "lives_in", "Berlin", valid_at=T0))
    record(store, fact(OTHER, "bob", "lives_in", "Paris", valid_at=T0))
    append(store, OTHER, "add")
    store.maintenance().wipe()
    assert stored(store, G) == stored(store, OTHER) == set()
    assert store.verify_ledger(OTHER).length == 0


def test_raw_insert_writes_rows_the_port_reads(store: Store) -> None:
    alice, berlin = entity(G, "alice", T0), entity(G, "Berlin", T0)
    row = fact(G, "alice", "lives_in", "Berlin", valid_at=T0).model_copy(
        update={"subject_uuid": alice.uuid, "object_uuid": berlin.uuid}
    )
    entities: list[Entity] = [alice, berlin]
    store.maintenance().raw_insert(entities, [row])
    assert stored(store, G) == {"Berlin"}


def test_a_tampered_ledger_entry_fails_verification(store: Store) -> None:
    append(store, G, "add", "update")
    store.maintenance().tamper.ledger_entry(G, 2, "erase")
    verdict = store.verify_ledger(G)
    assert (verdict.ok, verdict.first_bad_seq) == (False, 2)


def test_plans_name_their_steps(store: Store, backend: str) -> None:
    statement = (
        "SELECT * FROM ledger WHERE group_id = 'g'"
        if backend == "sqlite"
        else "MATCH (l:LedgerEntry {group_id: $g}) RETURN l"
    )
    steps = store.maintenance().plan(statement, {} if backend == "sqlite" else {"g": "g"})
    assert steps and all(isinstance(step, str) and step for step in steps)
