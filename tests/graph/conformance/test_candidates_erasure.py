"""Storage conformance: candidates, selecting episodes by source, erasure."""

from __future__ import annotations

import pytest

from graph.domain.enums import Role
from graph.domain.errors import NotFound
from graph.domain.model import Candidate, Episode, Fact, LedgerEntry
from graph.ports.facts import FactFilter, FactQuery
from graph.ports.store import Store, StoreTx
from tests.builders import days, fact, new_id, record, unit_vector
from tests.conftest import T0
from tests.support.reads import reads

G = "u_alice"


def candidate(status: str = "pending", offset: float = 0) -> Candidate:
    draft = fact(G, "bob", "prefers", "remote work", valid_at=T0, episode_id="ep-1")
    return Candidate(
        uuid=new_id(),
        group_id=G,
        status=status,
        rule="third_party",  # type: ignore[arg-type]
        reason="a remark about a third person's health",
        fact=draft,
        created_at=T0 + days(offset),
    )


def episode(source: str, offset: float = 0) -> Episode:
    at = T0 + days(offset)
    return Episode(
        uuid=new_id(),
        group_id=G,
        role=Role.USER,
        content=f"from {source}",
        source_description=source,
        valid_at=at,
        created_at=at,
        knowledge_time=at,
    )


def test_candidates_are_stored_listed_and_decided(store: Store) -> None:
    first, second, rejected = candidate(offset=1), candidate(offset=2), candidate("rejected", 3)
    store.transaction(lambda tx: tx.candidates.record([second, first, rejected]))
    pending = store.read(lambda tx: tx.candidates.find(G, "pending", 10))
    assert [c.uuid for c in pending] == [first.uuid, second.uuid]
    assert pending[0] == first
    assert len(store.read(lambda tx: tx.candidates.find(G, None, 10))) == 3
    decided = first.model_copy(update={"status": "promoted", "decided_at": T0 + days(4)})
    store.transaction(lambda tx: tx.candidates.update(decided))
    assert store.read(lambda tx: tx.candidates.get(G, first.uuid)) == decided
    assert store.read(lambda tx: tx.candidates.get("u_bob", first.uuid)) is None
    with pytest.raises(NotFound):
        store.transaction(lambda tx: tx.candidates.update(decided.model_copy(update={"uuid": "x"})))


def test_episodes_are_selected_by_source(store: Store) -> None:
    a, b, c = episode("slack:#ops", 1), episode("doc:42", 2), episode("slack:#ops", 3)
    store.transaction(lambda tx: tx.episodes.record([a, b, c]))
    found = store.read(lambda tx: tx.episodes.of_source(G, "slack:#ops", 10))
    assert [e.uuid for e in found] == [a.uuid, c.uuid]


def test_the_latest_episodes_observed_by_a_time_come_latest_first(store: Store) -> None:
    a, b, c = episode("chat:1", 1), episode("chat:1", 2), episode("chat:1", 3)
    other = episode("chat:1", 2).model_copy(update={"group_id": "u_bob"})
    store.transaction(lambda tx: tx.episodes.record([c, a, b, other]))
    found = store.read(lambda tx: tx.episodes.latest(G, T0 + days(2.5), 5))
    assert [e.uuid for e in found] == [b.uuid, a.uuid]
    assert [e.uuid for e in store.read(lambda tx: tx.episodes.latest(G, T0 + days(9), 1))] == [
        c.uuid
    ]


def test_erasing_a_source_removes_its_facts_episodes_and_orphaned_names(store: Store) -> None:
    source, kept = episode("doc:42"), episode("doc:7")
    store.transaction(lambda tx: tx.episodes.record([source, kept]))
    gone, stays = record(
        store,
        fact(
            G,
            "alice",
            "knows",
            "Zephyr Quill",
            valid_at=T0,
            episode_id=source.uuid,
            embedding=unit_vector(1),
            text="Alice knows Zephyr Quill",
        ),
        fact(
            G, "alice", "likes", "tea", valid_at=T0, episode_id=kept.uuid, embedding=unit_vector(2)
        ),
    )
    store.transaction(
        lambda tx: tx.candidates.record([candidate().model_copy(update={"fact": gone})])
    )
    removed = store.transaction(lambda tx: tx.erasure.episodes(G, [source.uuid]))
    assert removed == 4  # the fact, the candidate, the episode, the orphaned "Zephyr Quill"
    left = list(store.export(G))
    assert [r.uuid for r in left if isinstance(r, Fact)] == [stays.uuid]
    assert "zephyr" not in repr(left).casefold()
    assert reads(store).search.fulltext(G, "Zephyr Quill", 10, None, T0) == []
    hits = reads(store).search.vector(G, unit_vector(1), 5, None, T0)
    assert [h.uuid for h in hits] == [stays.uuid]


def test_erasing_a_tenant_keeps_only_its_ledger(store: Store) -> None:
    from graph.domain import ledger

    record(
        store,
        *[
            fact(G, "alice", "likes", f"thing {i}", valid_at=T0, embedding=unit_vector(i))
            for i in range(5)
        ],
    )
    record(store, fact("u_bob", "bob", "likes", "tea", valid_at=T0))

    def chain(tx: StoreTx) -> None:
        tx.ledger.append(G, ledger.chain(G, None, [ledger.LedgerDraft("add")], T0), 0)

    store.transaction(chain)
    while store.transaction(lambda tx: tx.erasure.group(G, 3)):
        pass
    remaining = list(store.export(G))
    assert all(isinstance(r, LedgerEntry) for r in remaining) and len(remaining) == 1
    assert store.verify_ledger(G).ok
    assert reads(store).search.vector(G, unit_vector(1), 5, None, T0) == []
    assert reads(store).search.fulltext(G, "thing", 5, None, T0) == []
    assert len(reads(store).facts.find("u_bob", FactQuery(), T0)) == 1


def test_records_made_under_other_versions_are_found(store: Store) -> None:
    old, new, other_policy = record(
        store,
        fact(G, "alice", "likes", "tea", valid_at=T0, extraction_version="v1", episode_id="e1"),
        fact(G, "alice", "likes", "jazz", valid_at=T0, extraction_version="v2", episode_id="e2"),
        fact(
            G,
            "bob",
            "likes",
            "chess",
            valid_at=T0,
            extraction_version="v2",
            policy_version="p0",
            episode_id="e1",
        ),
    )
    stale = reads(store).facts.find(G, FactQuery(FactFilter(extraction_version_not="v2")), T0)
    assert [f.uuid for f in stale] == [old.uuid]
    by_subject = FactFilter(subject_key="alice", extraction_version_not="v1")
    assert [f.uuid for f in reads(store).facts.find(G, FactQuery(by_subject), T0)] == [new.uuid]
    policy = FactFilter(policy_version_not="0")
    other = reads(store).facts.find(G, FactQuery(policy), T0)
    assert [f.uuid for f in other] == [other_policy.uuid]
    from_e1 = store.read(lambda tx: tx.facts.of_episodes(G, ["e1"]))
    assert {f.uuid for f in from_e1} == {old.uuid, other_policy.uuid}
    assert store.read(lambda tx: tx.facts.of_episodes("u_bob", ["e1"])) == []
