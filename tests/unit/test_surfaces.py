"""`Surfaces.found`: the leftmost longest surface of a list at each place, then on after it,
by one regex shaped as the surfaces' prefix tree (`trie_pattern`). Checked against the plain
definition (try the surfaces longest first at each character) on generated texts."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractors.chinese.surfaces import Surfaces, trie_pattern
from extractors.discourse.relations import Relation

WORDS = ["门票", "门票价格", "价格", "票价", "导演", "导", "出生于", "出生", "生于", "主演"]


def plain(words: list[str], text: str) -> set[str]:
    ordered = sorted(set(words), key=len, reverse=True)
    out: set[str] = set()
    at = 0
    while at < len(text):
        match = next((w for w in ordered if text.startswith(w, at)), None)
        if match is None:
            at += 1
        else:
            out.add(match)
            at += len(match)
    return out


def test_the_longest_surface_at_a_place_wins_and_the_scan_goes_on_after_it() -> None:
    scan = re.compile(trie_pattern(WORDS))
    assert scan.findall("门票价格是多少，导演是谁") == ["门票价格", "导演"]
    assert scan.findall("他出生于北京，导") == ["出生于", "导"]
    assert scan.findall("票价格") == ["票价"]  # then 格 alone: no surface


def test_special_characters_are_literal() -> None:
    assert re.compile(trie_pattern(["a.b", "(x)"])).findall("axb a.b (x) x") == ["a.b", "(x)"]


@settings(max_examples=300, database=None)
@given(
    st.lists(st.text(alphabet="门票价格导演出生于主", min_size=1, max_size=4), min_size=1),
    st.text(alphabet="门票价格导演出生于主，是", max_size=30),
)
def test_the_scan_finds_what_the_plain_definition_finds(words: list[str], text: str) -> None:
    relation = Relation("p", ("thing",), "text", False, {})
    surfaces = Surfaces([(w, relation) for w in words])
    assert surfaces.found(text) == plain(words, text)
