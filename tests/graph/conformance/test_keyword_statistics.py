"""A keyword search ranks by the index's statistics as they are when it runs: a word made
common by a write weighs less at once (the embedded store remembers its statistics until the
database changes: graph/backends/sqlite/memo.py; Lucene's are its own)."""

from __future__ import annotations

from graph.domain.model import Fact
from graph.ports.store import Store
from tests.builders import days, fact, record
from tests.conftest import T0
from tests.support.reads import reads

G = "u_stats"
QUESTION = "alpha beta"
ANN, BO = "Ann likes alpha.", "Bo likes beta."


def said(subject: str, text: str) -> Fact:
    return fact(G, subject, "noted", subject.lower(), valid_at=T0, text=text)


def order(store: Store) -> list[str]:
    hits = reads(store).search.fulltext(G, QUESTION, 40, None, T0 + days(1))
    found = {f.uuid: f.fact for f in reads(store).facts.get(G, [hit.uuid for hit in hits])}
    return [found[hit.uuid] for hit in hits]


def test_a_word_made_common_by_a_write_weighs_less_at_once(store: Store) -> None:
    record(store, fact(G, "Ann", "likes", "alpha", valid_at=T0, text=ANN))
    record(store, fact(G, "Bo", "likes", "beta", valid_at=T0, text=BO))
    record(store, *(said(f"Eve{i}", f"Eve{i} sat by the river at dusk.") for i in range(30)))
    record(store, *(said(f"Cy{i}", f"Cy{i} noted beta once more today.") for i in range(6)))
    before = order(store)  # alpha in one record, beta in seven: Ann's record first
    assert before.index(ANN) < before.index(BO)
    record(store, *(said(f"Di{i}", f"Di{i} noted alpha once more today.") for i in range(12)))
    after = order(store)  # alpha in thirteen now: Bo's record first
    assert after.index(BO) < after.index(ANN)
