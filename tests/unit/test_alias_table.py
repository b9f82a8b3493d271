"""The alias table (issue 12, item 4): the CLDR groups shipped in extractors/aliases_cldr.json,
the ambiguity rule that builds them, and the hand table laid over them."""

from __future__ import annotations

import json

import pytest

from extractors.aliases import (
    CLDR_FILE,
    cldr_groups,
    default_aliases,
    fold,
    laid_over,
    parse_aliases,
    table_of,
)
from extractors.aliases_build import digest, names_of, render, spellings, unambiguous


def same(a: str, b: str) -> bool:
    table = default_aliases()
    return fold(table.canonical(a)) == fold(table.canonical(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("上海", "Shanghai"),  # a time-zone city, zh
        ("상하이", "Shanghai"),  # ko
        ("Шанхай", "上海"),  # ru and zh: both resolve to the English name
        ("Deutschland", "德国"),  # territories
        ("Germany", "ドイツ"),
        ("Wien", "Vienna"),
        ("中文", "Chinese"),  # languages
        ("Burma", "Myanmar"),  # the parenthesised second name of "Myanmar (Burma)"
        ("Trinidad and Tobago", "Trinidad & Tobago"),
        ("NYC", "New York"),  # the hand group takes CLDR's city in
        ("ニューヨーク", "New York City"),
        ("Turkey", "Türkiye"),  # a CLDR variant Babel drops, from the hand table
        ("China", "中国"),  # "China" is also the qualifier of "Hong Kong (China)": it yields
    ],
)
def test_names_of_one_entity_resolve_to_one_canonical_name(a: str, b: str) -> None:
    assert same(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Niger", "Nigeria"),
        ("尼日尔", "尼日利亚"),
        ("Austria", "Australia"),
        ("Dominica", "Dominican Republic"),
        ("Sudan", "South Sudan"),
        ("Guinea", "Guinea-Bissau"),
        ("Guinea", "Equatorial Guinea"),
        ("Congo - Kinshasa", "Congo - Brazzaville"),
        ("North Korea", "South Korea"),
        ("Shanghai", "Beijing"),
        ("Chinese", "Japanese"),
    ],
)
def test_distinct_entities_are_never_merged(a: str, b: str) -> None:
    assert not same(a, b)


def test_a_name_two_groups_give_is_left_out_unless_a_city_shares_its_territorys() -> None:
    zones = {"Nowhere/Harwick": "HV", "Nowhere/Denby": "DB"}
    groups = [
        names_of("territory:HV", ["Harwick", "哈维克"]),
        names_of("city:Nowhere/Harwick", ["Harwick", "哈维克城", "Port Harwick"]),  # lies in HV
        names_of("territory:DB", ["Denby", "Marsh", "登比"]),
        names_of("city:Nowhere/Denby", ["Denby Town", "Marsh", "登比镇"]),  # lies in DB
        names_of("language:hv", ["Harwickish", "Marsh"]),  # "Marsh" a third time: ambiguous
    ]
    assert unambiguous(groups, zones) == [
        ["Harwick", "哈维克"],
        ["哈维克城", "Port Harwick"],
        ["Denby", "登比"],
        ["Denby Town", "登比镇"],
    ]  # the language group keeps one name and goes: a group of one names nothing else


def test_a_parenthesised_second_name_yields_to_the_group_it_names() -> None:
    groups = [
        names_of("territory:HV", ["Harwick", "哈维克"]),
        names_of("territory:HP", ["Harwick Port (Harwick)", "哈维克港"]),  # a qualifier
        names_of("territory:MY", ["Myra (Old Myra)", "米拉"]),  # a second name
    ]
    assert unambiguous(groups, {}) == [
        ["Harwick", "哈维克"],
        ["Harwick Port", "Harwick Port (Harwick)", "哈维克港"],
        ["Myra", "Myra (Old Myra)", "Old Myra", "米拉"],
    ]


def test_the_shipped_groups_share_no_name() -> None:
    seen: dict[str, int] = {}
    for index, group in enumerate(cldr_groups()):
        for name in group:
            assert seen.setdefault(fold(name), index) == index, name


def test_spellings_a_name_stands_for() -> None:
    assert spellings("Myanmar (Burma)") == ["Myanmar", "Myanmar (Burma)", "Burma"]
    assert spellings("St. Kitts & Nevis") == [
        "St. Kitts & Nevis",
        "Saint Kitts & Nevis",
        "St. Kitts and Nevis",
        "Saint Kitts and Nevis",
    ]


def test_a_hand_group_laid_over_takes_the_cldr_group_it_touches_in() -> None:
    base = table_of([["Harwick", "哈维克", "Harwik"], ["Denby", "登比"]])
    table = parse_aliases({"groups": [["Harwick City", "HWC", "Harwick"]]}, base)
    assert {table.canonical(n) for n in ("HWC", "哈维克", "Harwik", "harwick")} == {"Harwick City"}
    assert table.canonical("登比") == "Denby" and table.canonical("Elsewhere") == "Elsewhere"
    assert laid_over(base, []) == base


def test_the_file_records_its_source_license_and_checksum() -> None:
    data = json.loads(CLDR_FILE.read_text("utf-8"))
    about = data["about"]
    assert about["babel"] and about["cldr"] and "Unicode License" in about["license"]
    assert {"en", "zh", "zh_Hant"} <= set(about["locales"])
    assert about["sha256"] == digest(data["groups"])


def test_regenerating_from_babel_reproduces_the_file() -> None:
    pytest.importorskip("babel", reason="Babel (the test extra) regenerates the table")
    from extractors.aliases_build import build

    assert render(build()) == CLDR_FILE.read_text("utf-8")
