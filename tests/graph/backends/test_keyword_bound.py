"""The embedded store's bounded bm25 (graph/backends/sqlite/keywords.py), on a real store with
its bounds made small: rare phrases are ranked over all their matches, exactly as a full bm25
ranking does; a common phrase is ranked only over its newest matches."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

import pytest

from graph.backends.sqlite import SqliteStore, bm25, keywords, sql
from graph.domain.model import Episode
from graph.ports.store import Store
from graph.textindex import query_groups
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
        store.transaction(lambda tx, e=episode: tx.episodes.record([e]))
    yield store
    store.close()


def texts(store: Store, question: str, limit: int = 10) -> list[str]:
    hits = store.read(lambda tx: tx.search.fulltext(GROUP, question, limit, None, T0 + days(100)))
    found = store.read(lambda tx: tx.facts.get(GROUP, [hit.uuid for hit in hits]))
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
    rare = births.read(lambda tx: tx.search.episodes(GROUP, "where was Person7 born", 10, None,
                                                    T0 + days(100)))  # fmt: skip
    assert rare[0].uuid == "e7"
    common = births.read(lambda tx: tx.search.episodes(GROUP, "born", 30, None, T0 + days(100)))
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
    episodes = births.read(lambda tx: tx.search.episodes(GROUP, "Person3", 1, None, T0))
    assert [hit.uuid for hit in episodes] == ["e3"]


def test_a_rare_name_among_many_holders_is_ranked_by_the_common_words_too(
    small_bounds: None,
) -> None:
    """Candidates found by their rare phrase are scored over the whole question: among the
    holders of one family name (rare), the first name (common) picks the right one."""
    store = SqliteStore()
    first = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"]
    for i in range(12):  # six people per family name: each first name in two records
        name = f"{first[i % 6]} Family{i // 6}"
        record(store, fact(GROUP, name, "born_in", "Town", valid_at=T0 + days(i),
                           text=f"{name} was born in Town."))  # fmt: skip
    try:
        for i in range(12):
            name = f"{first[i % 6]} Family{i // 6}"
            assert texts(store, f"Where was {name} born?")[0] == f"{name} was born in Town."
    finally:
        store.close()


def test_the_scores_are_fts5s_own_bm25(births: Store) -> None:
    """Every phrase rare: the bounded ranking's scores are FTS5's bm25 of the same question."""
    question = "Person3 Family3 born City1"
    hits = births.read(lambda tx: tx.search.fulltext(GROUP, question, 30, None, T0 + days(100)))
    match = keywords.words(query_groups(question))
    statement = (
        "SELECT f.uuid, -bm25(facts_fts, 0.0, 1.0) AS score FROM facts_fts "
        "JOIN facts f ON f.id = facts_fts.rowid WHERE facts_fts MATCH :q"
    )  # the embedded store's own connection: FTS5 ranks every match
    rows = births.read(lambda tx: tx.conn.execute(statement, {"q": match}).fetchall())
    full = {row[0]: row[1] for row in rows}
    assert {hit.uuid for hit in hits} == set(full)
    for hit in hits:
        assert hit.score == pytest.approx(full[hit.uuid], rel=1e-6)


def test_varints_are_sqlites() -> None:
    assert keywords.varints(bytes([0x05, 0x81, 0x00, 0xFF, 0x7F])) == [5, 128, 16383]


def test_rows_holding_every_common_word_are_found_beyond_the_newest_matches(
    births: Store, small_bounds: None
) -> None:
    """Every word of the question common: the old record holding them all is a candidate,
    though the newest matches of any of them are other records."""
    for i in range(8):  # newer records each holding one of the two words
        said = f"Other{i} likes {'Person' if i % 2 else 'City0'} talk."
        record(births, fact(GROUP, f"Other{i}", "likes", "tea", valid_at=T0 + days(40 + i),
                            text=said))  # fmt: skip
    for i in range(8):  # and "person3" common too
        record(births, fact(GROUP, f"More{i}", "likes", "tea", valid_at=T0 + days(50 + i),
                            text=f"More{i} met Person3 there."))  # fmt: skip
    found = texts(births, "Person3 City0", limit=1)
    assert found == ["Person3 Family3 was born in City0."]


def test_when_many_rows_hold_the_rarest_common_words_the_newest_holding_all_are_found(
    births: Store, small_bounds: None
) -> None:
    """Every word common and more rows than the window holding the two rarest: FTS5
    intersects them all (the newest five records of City0 hold every word)."""
    found = texts(births, "was born City0", limit=5)
    assert found == [f"Person{i} Family{i} was born in City0." for i in (27, 24, 21, 18, 15)]


def test_a_tenant_alone_in_the_store_is_ranked_as_beside_another(
    births: Store, small_bounds: None
) -> None:
    """Alone, the tenant's rows are found without intersecting the tenant token (cheaper);
    the answers are the same once another tenant's record shares the store."""
    questions = ["Where was Person3 Family3 born?", "born", "Person3 City0", "City1 born"]

    def answers() -> list[list[str]]:
        facts = [texts(births, q, limit=30) for q in questions]
        turns = [births.read(lambda tx, q=q: tx.search.episodes(GROUP, q, 30, None, T0 + days(100)))
                 for q in questions]  # fmt: skip
        return facts + [[hit.uuid for hit in hits] for hits in turns]

    def alone() -> tuple[bool, bool]:
        return births.read(
            lambda tx: (sql.alone(tx.conn, "facts", GROUP), sql.alone(tx.conn, "episodes", GROUP))
        )

    assert alone() == (True, True)
    before = answers()
    record(births, fact("g_other", "Zed", "likes", "tea", valid_at=T0, text="Zed likes tea."))
    other = Episode(uuid="z", group_id="g_other", content="Zed likes tea.", valid_at=T0,
                    created_at=T0, knowledge_time=T0)  # fmt: skip
    births.transaction(lambda tx: tx.episodes.record([other]))
    assert alone() == (False, False)
    assert answers() == before


def test_a_phrase_is_counted_at_every_place_it_starts() -> None:
    """bm25's phrase frequency: overlapping places count, a phrase longer than the row none."""
    assert bm25.occurrences(["a", "a", "a", "b"], ["a", "a"]) == 2
    assert bm25.occurrences(["北", "京", "北", "京"], ["北", "京"]) == 2
    assert bm25.occurrences(["a"], ["a", "b"]) == 0
    rng = random.Random(7)
    for _ in range(2000):
        words = [rng.choice("abc") for _ in range(rng.randrange(9))]
        terms = [rng.choice("abc") for _ in range(1 + rng.randrange(4))]
        width = len(terms)
        slid = sum(words[i : i + width] == terms for i in range(len(words) - width + 1))
        assert bm25.occurrences(words, terms) == slid, (words, terms)


@pytest.fixture
def scored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many rows each bm25 scoring scored, in order."""
    counts: list[int] = []
    original = bm25.scores

    def counting(
        stats: bm25.Stats,
        phrases: Sequence[list[str]],
        rows: Iterable[tuple[int, str]],
        other: int = 1,
    ) -> dict[int, float]:
        listed = list(rows)
        counts.append(len(listed))
        return original(stats, phrases, listed, other)

    monkeypatch.setattr(bm25, "scores", counting)
    return counts


def test_a_word_in_many_rows_beside_a_rare_name_is_scored_over_as_many_rows_as_the_answer_needs(
    births: Store, scored: list[int]
) -> None:
    """The word "born" is in all 30 rows, far fewer than `RARE`: every one was scored though
    the answer asked for three, so the channel's cost grew with the word's rows (a tenth of a
    10k store on bench.recall.relations). Now its rows are scored only up to `ROWS_PER_HIT`
    per hit asked, the newest, after the rare name's."""
    limit = 3
    found = texts(births, "Where was Person3 Family3 born?", limit=limit)
    assert found[0] == "Person3 Family3 was born in City0."
    assert found[1:] == [f"Person{i} Family{i} was born in City{i % 3}." for i in (29, 28)]
    assert sum(scored) <= 1 + keywords.ROWS_PER_HIT * limit


def test_turns_with_a_word_in_many_rows_are_scored_the_same_way(
    births: Store, scored: list[int]
) -> None:
    limit = 3
    hits = births.read(lambda tx: tx.search.episodes(GROUP, "where was Person7 born", limit,
                                                    None, T0 + days(100)))  # fmt: skip
    assert [hit.uuid for hit in hits] == ["e7", "e29", "e28"]
    assert sum(scored) <= 1 + keywords.ROWS_PER_HIT * limit
