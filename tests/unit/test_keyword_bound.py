"""The embedded store's bounded bm25 (graph/backends/sqlite/keywords.py), on a real store with
its bounds made small: rare phrases are ranked over all their matches, exactly as a full bm25
ranking does; a common phrase is ranked only over its newest matches."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from graph.backends.sqlite import SqliteStore, keywords
from graph.domain.model import Episode
from graph.maintenance import maintenance_of
from graph.ports import Store
from tests.builders import days, fact, record
from tests.conftest import T0

GROUP = "g_bound"


@pytest.fixture
def small_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keywords, "RARE", 5)
    monkeypatch.setattr(keywords, "BUDGET", 20)
    monkeypatch.setattr(keywords, "WINDOW", 5)


@pytest.fixture
def births() -> Iterator[Store]:
    """30 births in one tenant, oldest first: "born" is in every record, each name in one."""
    store = SqliteStore()
    texts = [f"Person{i} Family{i} was born in City{i % 3}." for i in range(30)]
    for i, text in enumerate(texts):
        record(store, fact(GROUP, f"Person{i} Family{i}", "born_in", f"City{i % 3}",
                           valid_at=T0 + days(i), text=text))  # fmt: skip
        episode = Episode(uuid=f"e{i}", group_id=GROUP, content=text, valid_at=T0 + days(i),
                          created_at=T0 + days(i), knowledge_time=T0 + days(i))  # fmt: skip
        store.transaction(lambda tx, e=episode: tx.record_episodes([e]))
    yield store
    store.close()


def texts(store: Store, question: str, limit: int = 10) -> list[str]:
    hits = store.read(lambda tx: tx.fulltext(GROUP, question, limit, None, T0 + days(100)))
    found = store.read(lambda tx: tx.get_facts(GROUP, [hit.uuid for hit in hits]))
    by_id = {f.uuid: f.fact for f in found}
    return [by_id[hit.uuid] for hit in hits]


def test_a_rare_name_beside_a_common_word_ranks_its_record_first(
    births: Store, small_bounds: None
) -> None:
    found = texts(births, "Where was Person3 Family3 born?")
    assert found[0] == "Person3 Family3 was born in City0."


def test_a_common_word_alone_is_ranked_among_its_newest_matches_only(
    births: Store, small_bounds: None
) -> None:
    found = texts(births, "born", limit=30)
    assert len(found) == 5
    assert set(found) == {f"Person{i} Family{i} was born in City{i % 3}." for i in range(25, 30)}


def test_without_common_words_the_ranking_is_the_full_bm25(births: Store) -> None:
    question = "Person3 Family3 born City1"
    bounded = texts(births, question, limit=30)
    assert len(bounded) == 30  # "born" (30 rows) is rare under the default bounds
    assert bounded[0] == "Person3 Family3 was born in City0."
    city1 = {f"Person{i} Family{i} was born in City1." for i in range(1, 30, 3)}
    assert set(bounded[1:11]) == city1


def test_episodes_are_bounded_the_same_way(births: Store, small_bounds: None) -> None:
    rare = births.read(lambda tx: tx.episode_search(GROUP, "where was Person7 born", 10, None,
                                                    T0 + days(100)))  # fmt: skip
    assert rare[0].uuid == "e7"
    common = births.read(lambda tx: tx.episode_search(GROUP, "born", 30, None, T0 + days(100)))
    assert {hit.uuid for hit in common} == {f"e{i}" for i in range(25, 30)}


def test_the_rare_words_records_fill_the_answer_before_the_newest_common_ones(
    births: Store, small_bounds: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(keywords, "RARE", 12)  # "city1" (10 records) is rare, "born" is not
    found = texts(births, "City1 born", limit=5)
    assert len(found) == 5
    assert all(text.endswith("City1.") for text in found), found


def test_another_tenants_matches_neither_show_nor_crowd_out_the_tenants_own(
    births: Store,
) -> None:
    for i in range(40):  # shorter records: a better bm25 than the tenant's own
        record(births, fact("g_other", f"Person3 {i}", "likes", "tea", valid_at=T0,
                            text=f"Person3 {i}."))  # fmt: skip
    assert texts(births, "Person3", limit=1) == ["Person3 Family3 was born in City0."]
    episodes = births.read(lambda tx: tx.episode_search(GROUP, "Person3", 1, None, T0))
    assert [hit.uuid for hit in episodes] == ["e3"]


def test_a_ranked_keyword_statement_scans_its_match_once(births: Store) -> None:
    """The tenant's rows are a filter on the match (a list of row ids read once), never one
    FTS5 lookup per row id: each lookup would recount every phrase of the question."""
    for table in ("facts_fts", "episodes_fts"):
        statement = keywords.ranking(table)
        params = {"words": 'body:("born")', "q": 'grp:"g" AND body:("born")', "floor": 0}
        plan = maintenance_of(births).plan(statement, {**params, "fetch": 10})
        assert any(step.startswith("LIST SUBQUERY") for step in plan), plan
        lookups = [step for step in plan if re.search(r"VIRTUAL TABLE INDEX \d+:=", step)]
        assert lookups == [], plan
