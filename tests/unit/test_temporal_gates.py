"""A time rule runs only on a text holding one of the characters every match of it holds
(`extractors.temporal.gates`, derived from the pattern's syntax tree). A gate that misses a
character a match can hold would lose a time expression silently: the derivation is checked
on the regex forms it must understand, and the gated resolvers against every rule tried on
the golden cases of both languages."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from extractors.temporal import calendar, chinese, english
from extractors.temporal.gates import Gate, needed

GOLDEN = Path(__file__).parents[1] / "golden"


def chars(pattern: str, flags: int = 0) -> tuple[str, bool] | None:
    found = needed(re.compile(pattern, flags))
    return None if found is None else ("".join(sorted(found[0])), found[1])


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("去年", ("去", False)),  # any one character of a sequence will do
        ("前天|昨天", ("前昨", False)),  # a branch: one of each alternative's
        ("大前天|后年", ("后大", False)),
        ("(?:上|下)?个?季度", ("季", False)),  # optional parts need nothing
        ("[春夏秋冬][天季]", ("天季", False)),
        ("(?:19|20)\\d{2}", ("12", False)),  # \d is every script's digits: no set
        ("[0-9]{1,4}年", ("年", False)),
        ("(?<![0-9])周(?!末)", ("周", False)),  # lookarounds hold no match character
        ("(?P<w>a)(?P=w)", ("a", False)),
    ],
)
def test_the_needed_characters_follow_the_pattern(pattern: str, expected: tuple[str, bool]) -> None:
    assert chars(pattern) == expected


@pytest.mark.parametrize(
    "pattern", ["a?", "[^a]", "\\d+", "\\w", ".", "(?=a)", "a|b?", "[\u4e00-\u9fff]+"]
)
def test_a_pattern_that_needs_no_small_set_gets_no_gate(pattern: str) -> None:
    assert chars(pattern) is None
    assert Gate([re.compile(pattern)]).open("xyz") == [True]


def test_a_pattern_that_ignores_case_gets_a_gate_that_ignores_case() -> None:
    assert chars("today", re.IGNORECASE) == ("t", True)
    assert chars("(?i:today)") == ("t", True)
    gate = Gate([re.compile("today", re.IGNORECASE), re.compile("年")])
    assert gate.open("TODAY") == [True, False]
    assert gate.open("no day, no year") == [False, False]
    assert gate.open("k") == [False, False]


def _cases(name: str) -> list[dict[str, Any]]:
    return list(json.loads((GOLDEN / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("module", "name"), [(chinese, "temporal_zh.json"), (english, "temporal_en.json")]
)
def test_the_gated_rules_find_what_every_rule_finds(module: Any, name: str) -> None:
    today = date(2024, 5, 15)
    texts = [case["text"] for case in _cases(name)]
    assert texts
    for text in texts:
        every = calendar.run_rules(module._RULES, text, today)
        gated = calendar.run_rules(module._RULES, text, today, module._GATE)
        assert [_seen(hit) for hit in gated] == [_seen(hit) for hit in every], text


def _seen(hit: calendar.Hit) -> tuple[object, ...]:
    """A hit's findings (its resolver closure compares by identity)."""
    return (hit.start, hit.end, hit.day, hit.granularity, hit.kind, hit.role, hit.last)
