"""bench.aliases on a tiny slice we wrote (invented places): pairs, splits, thresholds and the
report run as in the real benchmark, without Babel, pycountry or the encoder."""

from __future__ import annotations

from collections.abc import Sequence

from bench.aliases.encoder import (
    ENCODER,
    WRITE_RULE,
    Named,
    Pair,
    best_threshold,
    evaluate,
    methods,
    pairs_of,
    precise_threshold,
    report,
    score,
    split_of,
    trigram_similarity,
)
from extractors.aliases import parse_aliases
from service.embedding import HashingEmbedder

PLACES = [
    Named("t:1", "town", "north", {"en": "Harwick", "zh": "哈维克", "de": "Harwik"}),
    Named("t:2", "town", "north", {"en": "Denby", "zh": "丹比", "de": "Dennbi"}),
    Named("t:3", "town", "south", {"en": "Harwich Bay", "zh": "哈维奇湾", "de": "Harwichbucht"}),
    Named("c:1", "coin", "coin", {"en": "Harwick Mark", "code": "HWM"}),
    Named("c:2", "coin", "coin", {"en": "Denby Crown", "code": "DBC"}),
]


def test_each_alias_pair_gets_a_neighbour_and_a_look_alike_of_its_own_forms() -> None:
    pairs = pairs_of(PLACES)
    aliases = {(p.a, p.b, p.kind) for p in pairs if p.alias}
    assert ("Harwick", "哈维克", "cross-language") in aliases
    assert ("Harwick", "Harwik", "spelling") in aliases
    assert ("HWM", "Harwick Mark", "abbreviation") in aliases
    harwick = [p for p in pairs if p.entity == "t:1" and p.kind == "cross-language"]
    assert {(p.b, p.negative) for p in harwick if not p.alias} == {
        ("丹比", "neighbour"),  # the same region
        ("哈维奇湾", "look-alike"),  # "Harwich Bay" reads most like "Harwick"
    }
    assert all(p.alias == (p.negative == "") for p in pairs)


def test_the_split_is_by_entity() -> None:
    pairs = pairs_of(PLACES)
    for entity in {p.entity for p in pairs}:
        assert len({split_of(p) for p in pairs if p.entity == entity}) == 1


def test_scores_and_thresholds() -> None:
    mixed = score([True, True, False, False], [True, False, True, False])
    assert (mixed.precision, mixed.recall, mixed.positives, mixed.negatives) == (0.5, 0.5, 2, 2)
    assert score([False, False], [True, False]).precision == 1.0  # nothing claimed
    sims, truth = [0.9, 0.8, 0.7, 0.2], [True, False, True, False]
    assert best_threshold(sims, truth) == 0.7
    assert precise_threshold(sims, truth, 0.95) == 0.9
    assert trigram_similarity("Harwick", "harwick") == 1.0
    assert trigram_similarity("Harwick", "哈维克") == 0.0


def test_the_report_has_every_method_split_and_kind() -> None:
    table = parse_aliases({"groups": [["Harwick", "哈维克"]]})
    rows = evaluate(pairs_of(PLACES), methods(HashingEmbedder(64), table))
    names = {r.method for r in rows}
    assert f"{WRITE_RULE}, the default" in names and f"{ENCODER}, best F1" in names
    assert "alias table (baseline)" in names
    table_rows = [r for r in rows if r.method == "alias table (baseline)" and r.kind == "all"]
    assert all(r.score.precision == 1.0 for r in table_rows)
    assert "| held-out cross-language |" in report(rows)
    assert any(r.split == "held-out" for r in rows) and isinstance(rows[0].score.f1, float)


def test_a_pair_is_hashable_for_the_similarity_map() -> None:
    assert len({Pair("a", "b", True, "spelling", "e"), Pair("a", "b", True, "spelling", "e")}) == 1


def test_the_write_cost_moves_alternate_between_scripts() -> None:
    from bench.aliases.encoder import moves

    cities = [Named(f"city:{n}", "city", "r", {"en": f"Town{n}", "zh": f"镇{n}"}) for n in "abcd"]
    said = moves(cities, 4)
    assert [s.startswith("I live in ") for s in said] == [True, False, True, False]
    assert all(s.startswith("我住在镇") for s in said[1::2])


def test_the_second_source_scores_the_table_on_its_pairs() -> None:
    from bench.aliases.encoder import table_says
    from bench.aliases.sources import Entity, evaluate, pairs, script_of

    invented = [
        Entity("HV", "north", "Harwick", (("CJK", "哈维克"), ("Latin", "Harwik"))),
        Entity("HW", "north", "Harwich", (("CJK", "哈维奇"),)),
        Entity("DB", "south", "Denby", (("CJK", "登比"),)),
    ]
    made = pairs(invented)
    assert {(p.a, p.b) for p in made if p.alias} == {
        ("Harwick", "哈维克"),
        ("Harwick", "Harwik"),
        ("Harwich", "哈维奇"),
        ("Denby", "登比"),
    }
    assert ("Harwick", "哈维奇", False) in {(p.a, p.b, p.alias) for p in made}  # look-alike
    table = parse_aliases({"groups": [["Harwick", "哈维克", "哈维奇"]]})  # one wrong merge

    def says(chosen: Sequence[Pair]) -> list[bool]:
        return [table_says(table, p.a, p.b) for p in chosen]

    rows = {(r.kind): r for r in evaluate({"invented": made}, {"table": says})}
    assert rows["all"].wrong >= 1 and rows["all"].score.recall == 0.25
    assert rows["CJK"].score.positives == 3
    assert (script_of("哈维克"), script_of("Шанхай"), script_of("상하이")) == (
        "CJK",
        "Cyrillic",
        "Hangul",
    )
