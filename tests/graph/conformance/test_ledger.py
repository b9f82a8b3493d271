"""Storage conformance: the per-tenant hash chain, compare-and-set, verification."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graph.domain import ledger
from graph.domain.errors import LedgerHeadMoved
from graph.domain.ledger import LedgerDraft
from graph.ports.store import Store, StoreTx
from tests.conftest import T0
from tests.support.reads import reads

G = "u_alice"
OTHER = "u_bob"


def append(store: Store, group_id: str, *actions: str) -> None:
    def work(tx: StoreTx) -> None:
        head = tx.ledger.head(group_id)
        drafts = [LedgerDraft(a, (f"id-{a}",), {"n": a}) for a in actions]
        tx.ledger.append(
            group_id, ledger.chain(group_id, head, drafts, T0), head.seq if head else 0
        )

    store.transaction(work)


def test_appends_build_a_verifiable_chain_per_tenant(store: Store) -> None:
    append(store, G, "add", "add")
    append(store, G, "update")
    append(store, OTHER, "add")
    verdict = store.verify_ledger(G)
    assert (verdict.ok, verdict.length, verdict.first_bad_seq) == (True, 3, None)
    assert reads(store).ledger.head(G).seq == 3  # type: ignore[union-attr]
    assert store.verify_ledger(OTHER).length == 1
    assert store.verify_ledger("u_nobody").length == 0


def test_a_stale_head_loses_the_compare_and_set(store: Store) -> None:
    append(store, G, "add")
    stale = ledger.chain(G, None, [LedgerDraft("forged")], T0)
    with pytest.raises(LedgerHeadMoved):
        store.transaction(lambda tx: tx.ledger.append(G, stale, 0))
    assert store.verify_ledger(G).length == 1


def test_verify_names_the_tampered_entry(
    store: Store, tamper: Callable[[Store, str, int, str], None]
) -> None:
    append(store, G, "a1", "a2", "a3", "a4")
    tamper(store, G, 3, "nothing-to-see")
    verdict = store.verify_ledger(G)
    assert (verdict.ok, verdict.first_bad_seq) == (False, 3)
    assert store.verify_ledger(OTHER).ok


def test_long_chains_verify_across_pages(store: Store) -> None:
    for _ in range(3):
        append(store, G, *[f"a{i}" for i in range(400)])
    verdict = store.verify_ledger(G)
    assert (verdict.ok, verdict.length) == (True, 1200)
