"""The embedded store's keyword statistics are remembered per connection until the database
changes (graph/backends/sqlite/memo.py): a write by another connection, or by the same one,
even inside its own open transaction, forgets them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graph.backends.sqlite import SqliteStore, memo
from graph.domain.model import Fact
from graph.ports.store import StoreTx
from tests.builders import days, fact, link, record
from tests.conftest import T0

G = "g_memo"
QUESTION = "alpha beta"
ANN, BO = "Ann likes alpha.", "Bo likes beta."


@pytest.fixture
def store() -> Iterator[SqliteStore]:
    """Alpha in one record, beta in seven, among thirty others."""
    store = SqliteStore()
    record(store, fact(G, "Ann", "likes", "alpha", valid_at=T0, text=ANN))
    record(store, fact(G, "Bo", "likes", "beta", valid_at=T0, text=BO))
    record(store, *(said(f"Eve{i}", "sat by the river at dusk") for i in range(30)))
    record(store, *(said(f"Cy{i}", "noted beta once more today") for i in range(6)))
    yield store
    store.close()


def said(subject: str, words: str) -> Fact:
    return fact(G, subject, "noted", subject.lower(), valid_at=T0, text=f"{subject} {words}.")


def first(tx: StoreTx) -> str:
    """Which of Ann's and Bo's records the keyword search ranks higher."""
    hits = tx.search.fulltext(G, QUESTION, 40, None, T0 + days(1))
    texts = {f.uuid: f.fact for f in tx.facts.get(G, [hit.uuid for hit in hits])}
    ranked = [texts[hit.uuid] for hit in hits]
    return ANN if ranked.index(ANN) < ranked.index(BO) else BO


def more_alpha(tx: StoreTx) -> None:
    tx.facts.record(link(tx, [said(f"Di{i}", "noted alpha once more today") for i in range(12)]))


def test_a_search_inside_a_write_sees_the_statistics_of_the_write_so_far(
    store: SqliteStore,
) -> None:
    def work(tx: StoreTx) -> tuple[str, str]:
        before = first(tx)
        more_alpha(tx)  # the same connection: PRAGMA data_version does not move
        return before, first(tx)

    assert store.transaction(work) == (ANN, BO)
    assert store.transaction(first) == BO


def test_a_reader_forgets_what_it_remembered_when_another_connection_commits(
    store: SqliteStore,
) -> None:
    assert store.read(first) == ANN
    store.transaction(more_alpha)
    assert store.read(first) == BO


def test_a_reader_remembers_while_nothing_is_written(store: SqliteStore) -> None:
    def remembered(tx: StoreTx) -> dict[object, object]:
        tx.search.fulltext(G, QUESTION, 10, None, T0)
        return dict(memo.current(tx.conn))  # type: ignore[attr-defined]

    once = store.read(remembered)
    assert ("documents", "facts_fts", "alpha") in once
    assert store.read(remembered) == once
    store.transaction(more_alpha)
    assert store.read(remembered)[("documents", "facts_fts", "alpha")] == 13
