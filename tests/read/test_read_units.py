"""The read side's pure parts: time arguments, request validation, fusion, query terms,
the synonym table, identifier exactness. No store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from extractors.predicates import load_table
from graph.domain.errors import InvalidInput, InvalidTime
from graph.domain.model import Fact
from graph.domain.timeargs import time_query
from graph.domain.timerules import Period, TimeQuery
from graph.ports.search import Scored
from service.read.channels import contains
from service.read.fusion import fuse
from service.read.names import candidate_names, keyword_text
from service.read.questions import fact_filter
from service.read.requests import FactsRequest, SearchRequest, validated
from service.read.synonyms import load_synonyms, parse_synonyms
from tests.builders import fact

END_OF_2024 = datetime(2024, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)


# --------------------------------------------------------------------------- time arguments


@pytest.mark.parametrize(
    ("value", "start", "end"),
    [
        ("2024", datetime(2024, 1, 1, tzinfo=UTC), END_OF_2024),
        ("2024-02", datetime(2024, 2, 1, tzinfo=UTC),
         datetime(2024, 2, 29, 23, 59, 59, 999999, tzinfo=UTC)),
        ("2024-06-01", datetime(2024, 6, 1, tzinfo=UTC),
         datetime(2024, 6, 1, 23, 59, 59, 999999, tzinfo=UTC)),
        ("2024-06-01T10:00:00+02:00", datetime(2024, 6, 1, 8, tzinfo=UTC),
         datetime(2024, 6, 1, 8, tzinfo=UTC)),
        ("2024-06-01T10:00:00", datetime(2024, 6, 1, 10, tzinfo=UTC),
         datetime(2024, 6, 1, 10, tzinfo=UTC)),
    ],
)  # fmt: skip
def test_as_of_is_the_whole_period_and_an_instant_is_a_point(
    value: str, start: datetime, end: datetime
) -> None:
    assert time_query(value, None) == TimeQuery(as_of=Period(start, end))


def test_known_at_is_an_instant_or_the_end_of_the_period() -> None:
    assert time_query(None, "2024").known_at == END_OF_2024
    assert time_query(None, "2024-12").known_at == END_OF_2024
    assert time_query(None, "2024-12-31").known_at == END_OF_2024
    moment = datetime(2024, 3, 1, 9, tzinfo=UTC)
    assert time_query(None, "2024-03-01T09:00:00Z").known_at == moment
    assert time_query(None, moment).known_at == moment
    assert time_query(None, None).is_current


@pytest.mark.parametrize("bad", ["yesterday", "2024-13", "2024-02-30", "24", "", "2024/06"])
def test_a_bad_time_argument_names_its_field(bad: str) -> None:
    with pytest.raises(InvalidTime) as caught:
        time_query(None, bad)
    assert caught.value.details["field"] == "known_at"
    with pytest.raises(InvalidTime) as caught:
        time_query(bad, None)
    assert caught.value.details["field"] == "as_of"


# --------------------------------------------------------------------------- requests


def test_requests_refuse_unknown_arguments_and_name_bad_ones() -> None:
    with pytest.raises(InvalidInput, match="unknown parameter: colour"):
        validated(FactsRequest, {"user_id": "a", "colour": "red"})
    with pytest.raises(InvalidInput) as caught:
        validated(SearchRequest, {"user_id": "a", "q": "x", "memory_type": ["nope"]})
    assert caught.value.details["field"] == "memory_type"
    with pytest.raises(InvalidInput) as caught:
        validated(SearchRequest, {"user_id": "a", "q": " \n "})
    assert caught.value.details["field"] == "q"
    assert validated(SearchRequest, {"user_id": "a", "q": "x"}).limit == 10
    assert validated(FactsRequest, {"user_id": "a"}).limit == 100


def test_subject_and_predicate_are_normalised_as_the_write_path_does() -> None:
    table = load_table()

    def filter_of(**data: Any) -> Any:
        return fact_filter(validated(FactsRequest, {"user_id": "a", **data}), table)

    assert filter_of(subject="  The  Customer ").subject_key == "customer"
    assert filter_of(predicate="lives_in").predicate == "lives_in"
    assert filter_of(predicate="live in").predicate == "lives_in"
    assert filter_of(predicate="住在").predicate == "lives_in"
    assert filter_of(predicate="Invoice Number").predicate == "invoice_number"
    assert filter_of(project="Atlas", scope="atlas").scope == "atlas"
    with pytest.raises(InvalidInput):
        filter_of(project="atlas", scope="zeus")


# --------------------------------------------------------------------------- fusion


def test_a_repeated_hit_counts_once_at_its_best_score() -> None:
    fused = fuse([("keyword", [Scored("a", 4.0), Scored("b", 2.0), Scored("a", 1.0)])])
    assert [(f.uuid, f.score) for f in fused] == [("a", 0.25), ("b", 0.125)]


def test_fusion_keeps_a_strong_keyword_match_above_weak_agreement() -> None:
    """bm25 9 against 3: the rare-word match stays first even though the weak one is also
    the vector channel's best (RRF ranked them the other way round)."""
    fused = fuse(
        [
            ("episodes", [Scored("x", 9.0), Scored("y", 3.0)]),
            ("vector", [Scored("y", 0.9), Scored("z", 0.8)]),
        ]
    )
    assert [f.uuid for f in fused] == ["x", "y", "z"]
    assert fused[0].score == pytest.approx(1.0)
    assert fused[1].score == pytest.approx(3.0 / 9.0 + 0.25 * 0.9)
    assert fused[1].channels == ["episodes", "vector"]


def test_episode_hits_are_episodes() -> None:
    fused = fuse([("episodes", [Scored("e", 2.0)]), ("keyword", [Scored("f", 2.0)])])
    assert {f.uuid: f.kind for f in fused} == {"e": "episode", "f": "fact"}


# --------------------------------------------------------------------------- query terms


def test_candidate_names_cover_words_cjk_and_identifiers_but_no_function_words() -> None:
    names = candidate_names("Where does Alice's sister live? 我的RTX 4090显卡在北京")
    assert {"alice", "sister", "rtx 4090", "北京", "显卡"} <= set(names)
    assert not {"where", "does", "我的", "the"} & set(names)
    assert names.index("rtx 4090") < names.index("alice")  # identifiers first


def test_keyword_text_drops_function_words() -> None:
    assert keyword_text("What graphics card do I have?") == "graphics card"
    assert keyword_text("我的显卡是什么？").split()[0] == "显卡"
    assert keyword_text("where?") == "where?"  # nothing but function words: keep it whole


# --------------------------------------------------------------------------- synonyms


def test_the_built_in_table_maps_both_languages_to_families() -> None:
    table = load_synonyms()
    assert [f.name for f in table.families_in("What GPU do I have?")] == ["hardware"]
    assert [f.name for f in table.families_in("我的显卡是什么")] == ["hardware"]
    assert "graphics_card" in table.families_in("my Graphics  Card")[0].predicates
    assert table.families_in("I am a gpupil") == []  # whole words only
    assert table.families_in("请记住我的名字") == []  # no single characters


def test_a_custom_table_is_read_and_a_broken_one_is_refused(tmp_path: Path) -> None:
    good = tmp_path / "synonyms.toml"
    good.write_text('[families.drinks]\ntags = ["drink"]\nwords = ["tea", "茶"]\n', "utf-8")
    assert [f.name for f in load_synonyms(good).families_in("我喝茶")] == ["drinks"]
    broken = tmp_path / "broken.toml"
    broken.write_text("[families.x]\nwords = 3\n", "utf-8")
    with pytest.raises(InvalidInput) as caught:
        load_synonyms(broken)
    assert caught.value.details["field"] == "synonyms"
    with pytest.raises(InvalidInput):
        load_synonyms(tmp_path / "missing.toml")
    assert parse_synonyms({}).families_in("anything") == []


# --------------------------------------------------------------------------- identifiers


def with_value(value: str, text: str = "") -> Fact:
    return fact("u_a", "alice", "invoice_number", value, valid_at=END_OF_2024, text=text or value)


@pytest.mark.parametrize(
    ("value", "ident", "expected"),
    [
        ("INV-2024-001", "INV-2024-001", True),
        ("inv-2024-001", "INV-2024-001", True),
        ("INV-2024-0011", "INV-2024-001", False),
        ("INV-2024-002", "INV-2024-001", False),
        ("XINV-2024-001", "INV-2024-001", False),
        ("INV-2024-001-B", "INV-2024-001", False),
        ("RTX 4090", "RTX 4090", True),
        ("RTX4090", "RTX 4090", True),
        ("RTX 40901", "RTX 4090", False),
    ],
)
def test_an_identifier_is_contained_only_whole(value: str, ident: str, expected: bool) -> None:
    assert contains([value], ident) is expected
    assert contains(["x", f"paid {value}."], ident) is expected
