"""Storage conformance: what a fact's keyword search reads is the same on every backend.

A fact is found by the words of its text, its subject, its predicate (works_at read as "works
at") and its value, in the keyword and the tag-family searches alike. Neo4j's index read only
the text and the predicate as one token ("works_at"), so "joined Globex" (sam works_at Globex)
was found by "works at" on SQLite and by nothing on Neo4j: the tag family of "where do I work"
found the fact on one backend and not on the other (issue 31).

A turn is found by its speaker, its words and the names its personal pronouns refer to
(`TurnContext.referred`), on every backend alike.
"""

from __future__ import annotations

import pytest

from graph.domain.discourse import TurnContext
from graph.domain.model import Episode
from graph.ports.store import Store
from tests.builders import fact, record
from tests.conftest import T0
from tests.support.reads import reads

G = "u_sam"


@pytest.fixture
def globex(store: Store) -> str:
    record(store, fact("u_other", "Sam", "works_at", "Globex", valid_at=T0, text="joined"))
    told = fact(G, "Sam", "works_at", "Globex", valid_at=T0, text="joined last month")
    return record(store, told)[0].uuid


@pytest.mark.parametrize("words", ["works at", "globex", "sam", "joined", "Sam works at Globex"])
def test_keyword_search_reads_the_text_subject_predicate_and_value(
    store: Store, globex: str, words: str
) -> None:
    assert [hit.uuid for hit in reads(store).search.fulltext(G, words, 10, None, T0)] == [globex]


@pytest.mark.parametrize("family", ["works_at job employer", "company globex"])
def test_a_tag_family_finds_a_fact_by_its_predicate_and_value(
    store: Store, globex: str, family: str
) -> None:
    assert [hit.uuid for hit in reads(store).search.tagged(G, family, 10, None, T0)] == [globex]


def _turn(uuid: str, speaker: str, content: str, referred: tuple[str, ...] = ()) -> Episode:
    context = TurnContext(referred=referred)
    return Episode(uuid=uuid, group_id=G, speaker=speaker, content=content, valid_at=T0,
                   created_at=T0, knowledge_time=T0, discourse=context)  # fmt: skip


def test_a_turn_is_found_by_the_names_its_pronouns_refer_to(store: Store) -> None:
    """ "I kissed him before" said of Joey is found by "Joey" on every backend (the name is
    indexed beside the turn's words: `graph.textindex.episode_words`), and only in its own
    tenant."""
    kissed = _turn("e-kissed", "Phoebe", "I kissed him before.", ("Joey Tribbiani",))
    other = _turn("e-other", "Monica", "Nobody kissed anybody.")
    elsewhere = kissed.model_copy(update={"uuid": "e-elsewhere", "group_id": "u_other"})
    store.transaction(lambda tx: tx.episodes.record([kissed, other, elsewhere]))
    found = reads(store).search.episodes(G, "Who did Joey kiss?", 10, None, T0)
    assert [hit.uuid for hit in found][:1] == ["e-kissed"]
    assert [hit.uuid for hit in reads(store).search.episodes(G, "tribbiani", 10, None, T0)] == [
        "e-kissed"
    ]
