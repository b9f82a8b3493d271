"""The candidate stage: deterministic checks and promotion rules per type (design text 002).

`screen(subject, rules)` decides for one extracted record: promote, hold for review, or reject,
with the rule that decided and a reason kept for audit. The rules are data
(`promotion.toml`, documented there); this module only reads them.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

Decision = Literal["promote", "hold", "reject"]


@dataclass(frozen=True)
class Screened:
    decision: Decision
    rule: str
    reason: str


@dataclass(frozen=True)
class Subject:
    """What the rules read about one extracted record."""

    predicate: str
    value: str
    text: str
    category: str
    fact_type: str
    memory_type: str
    source_type: str
    scope: str
    third_party: bool
    remember: bool
    has_source: bool
    context: str = ""
    permitted_scopes: frozenset[str] | None = None


@dataclass(frozen=True)
class HighConsequence:
    name: str
    predicates: frozenset[str]
    categories: frozenset[str]
    mentions: tuple[str, ...]

    def matches(self, s: Subject) -> bool:
        kind = s.predicate in self.predicates or s.category in self.categories
        if not kind:
            return False
        text = s.text.casefold()
        return not self.mentions or any(m in text for m in self.mentions)


@dataclass(frozen=True)
class PromotionRules:
    version: str
    max_value_chars: int = 2000
    unsupported_fact_types: frozenset[str] = frozenset()
    unsupported_memory_types: frozenset[str] = frozenset()
    third_party_action: Decision = "reject"
    third_party_keywords: dict[str, tuple[str, ...]] = field(default_factory=dict)
    remember_promotes: bool = True
    review_sources: frozenset[str] = frozenset()
    authoritative_sources: frozenset[str] = frozenset()
    high_consequence: tuple[HighConsequence, ...] = ()


def screen(s: Subject, rules: PromotionRules) -> Screened:
    """The first rule that decides, in the documented order."""
    for check in (_checks, _third_party, _remember, _sources, _high_consequence):
        verdict = check(s, rules)
        if verdict is not None:
            return verdict
    return Screened("promote", "default", "a first-hand statement about the speaker or a thing")


def _checks(s: Subject, rules: PromotionRules) -> Screened | None:
    if not s.predicate.strip() or not s.value.strip():
        return Screened("reject", "malformed", "the record has no predicate or no value")
    if len(s.value) > rules.max_value_chars:
        return Screened("reject", "malformed", f"the value is over {rules.max_value_chars} chars")
    if s.fact_type in rules.unsupported_fact_types:
        return Screened("reject", "unsupported_type", f"fact type {s.fact_type} is not admitted")
    if s.memory_type in rules.unsupported_memory_types:
        return Screened(
            "reject", "unsupported_type", f"memory type {s.memory_type} is not admitted"
        )
    if not s.has_source:
        return Screened("reject", "no_source", "the record has no source episode or span")
    if s.permitted_scopes is not None and s.scope not in s.permitted_scopes:
        return Screened(
            "reject", "out_of_scope", f"scope {s.scope!r} is outside this write's permitted scope"
        )
    return None


def _third_party(s: Subject, rules: PromotionRules) -> Screened | None:
    """About another person: the value or predicate names a sensitive topic, or a preference
    is stated in a turn that does ("Bob has been sick and prefers to work from home")."""
    if not s.third_party:
        return None
    own = f"{s.predicate.replace('_', ' ')} {s.value}"
    nearby = f"{s.text} {s.context}"
    for topic, words in rules.third_party_keywords.items():
        if mentions(own, words) or (s.category == "preference" and mentions(nearby, words)):
            reason = f"a remark about another person's {topic} is not stored as theirs"
            return Screened(rules.third_party_action, "third_party", reason)
    return None


def mentions(text: str, words: tuple[str, ...]) -> bool:
    """Latin keywords match at the start of a word ("diagnos" finds "diagnosed" but "ill"
    does not find "backfill"), and not inside a proper name: "works at Access Now", "Boston
    Children's Hospital" or "Illinois" name an employer or a place, not someone's access or
    health. Other scripts match anywhere."""
    folded = text.casefold()
    for word in words:
        if not word.isascii():
            if word in folded:
                return True
            continue
        pattern = re.compile(r"(?<![a-z0-9])" + re.escape(word), re.IGNORECASE)
        if any(not _in_name(text, m.start()) for m in pattern.finditer(text)):
            return True
    return False


def _in_name(text: str, start: int) -> bool:
    """Is the word at `start` part of a name: capitalised (not an all-capitals acronym such as
    VPN) and not the first word of a sentence?"""
    word = re.match(r"[A-Za-z][A-Za-z0-9'-]*", text[start:])
    if word is None or not word.group()[0].isupper() or word.group().isupper():
        return False
    before = text[:start].rstrip()
    return bool(before) and before[-1] not in ".!?:;\"'“"


def _remember(s: Subject, rules: PromotionRules) -> Screened | None:
    if s.remember and rules.remember_promotes and not s.third_party:
        return Screened("promote", "remember", "an explicit first-person request to remember")
    return None


def _sources(s: Subject, rules: PromotionRules) -> Screened | None:
    if s.source_type in rules.review_sources:
        return Screened("hold", "source_review", f"{s.source_type} records wait for a reviewer")
    return None


def _high_consequence(s: Subject, rules: PromotionRules) -> Screened | None:
    for rule in rules.high_consequence:
        if rule.matches(s) and s.source_type not in rules.authoritative_sources:
            return Screened(
                "hold",
                "high_consequence",
                f"{rule.name} needs an authoritative system event or a reviewer",
            )
    return None


def parse_rules(data: dict[str, Any]) -> PromotionRules:
    checks, third = data.get("checks", {}), data.get("third_party", {})
    high = data.get("high_consequence", {})
    return PromotionRules(
        version=str(data.get("version", "policy-1")),
        max_value_chars=int(checks.get("max_value_chars", 2000)),
        unsupported_fact_types=frozenset(checks.get("unsupported_fact_types", [])),
        unsupported_memory_types=frozenset(checks.get("unsupported_memory_types", [])),
        third_party_action=third.get("action", "reject"),
        third_party_keywords={
            topic: tuple(w.casefold() for w in words)
            for topic, words in third.get("keywords", {}).items()
            if topic in third.get("topics", [])
        },
        remember_promotes=bool(data.get("remember", {}).get("promote", True)),
        review_sources=frozenset(data.get("sources", {}).get("review", [])),
        authoritative_sources=frozenset(high.get("authoritative_sources", [])),
        high_consequence=tuple(_high(rule) for rule in high.get("rules", [])),
    )


def _high(rule: dict[str, Any]) -> HighConsequence:
    return HighConsequence(
        name=str(rule.get("name", "high consequence")),
        predicates=frozenset(rule.get("predicates", [])),
        categories=frozenset(rule.get("categories", [])),
        mentions=tuple(m.casefold() for m in rule.get("mentions", [])),
    )


def load_rules(path: Path | None = None) -> PromotionRules:
    if path is None:
        return default_rules()
    with path.open("rb") as handle:
        return parse_rules(tomllib.load(handle))


@cache
def default_rules() -> PromotionRules:
    raw = resources.files("extractors").joinpath("promotion.toml").read_bytes()
    return parse_rules(tomllib.loads(raw.decode("utf-8")))
