"""The predicate table: surface forms (verbs, attribute nouns) -> one normalised predicate.

Loaded from `predicates.toml` beside this module (or a file the settings name). A surface form
that is not in the table is kept as its own normalised lemma, never dropped: an *open
relation* ("is married to" -> married_to), whose cardinality `OpenRelations.cardinality`
decides from the `[open_relations]` word lists (state relations single, accumulating ones
multi; see the comment in predicates.toml and docs/write.md).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from graph.domain.enums import Cardinality, MemoryLayer, MemoryType

_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)


@dataclass(frozen=True)
class PredicateInfo:
    """One predicate and how it behaves in conflicts."""

    name: str
    cardinality: Cardinality
    category: str
    preference: bool = False
    known: bool = True


@dataclass(frozen=True)
class CategoryTyping:
    memory_type: MemoryType
    layer: MemoryLayer


_COPULAS = frozenset({"be", "is", "are", "was", "were", "am", "been", "being", "get", "got"})
_PREPOSITIONS = frozenset({"to", "with", "in", "at", "by", "for", "of", "on", "from", "as"})
_NAME_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")


@dataclass(frozen=True)
class OpenRelations:
    """The cardinality rule for relations the table does not list (see predicates.toml)."""

    state: frozenset[str] = frozenset()
    accumulating: frozenset[str] = frozenset()
    rule: str = "open"
    """ "open" (the rule above) or "attribute_only" (before open relations: single only for a
    copular attribute; kept so a benchmark can print the old behaviour as its baseline)."""

    def cardinality(self, surface: str, *, from_attribute: bool = False) -> Cardinality:
        if self.rule == "attribute_only":
            return Cardinality.SINGLE if from_attribute else Cardinality.MULTI
        words = normalize_surface(surface.replace("_", " ")).split()
        copular = bool(words) and words[0] in _COPULAS
        words = [w for w in words if w not in _COPULAS] or words
        if not words:
            return Cardinality.MULTI
        head, pair = words[0], " ".join(words[:2])
        if self._listed(self.accumulating, head, pair):
            return Cardinality.MULTI
        if self._listed(self.state, head, pair) or from_attribute:
            return Cardinality.SINGLE
        participle = copular or head.endswith("ed")
        if participle and len(words) == 2 and words[1] in _PREPOSITIONS:
            return Cardinality.SINGLE
        return Cardinality.MULTI

    @staticmethod
    def _listed(words: frozenset[str], head: str, pair: str) -> bool:
        return head in words or pair in words or head.startswith(_prefixes(words))


@cache
def _prefixes(words: frozenset[str]) -> tuple[str, ...]:
    """The non-ASCII (Chinese) words of a list: they also match as the start of a head (喜欢 of
    喜欢上), tested in one `str.startswith` call (the lists never change: made once each)."""
    return tuple(sorted(w for w in words if not w.isascii()))


@dataclass(frozen=True)
class Bodies:
    """Bodies one is a member of (a party, a club, a union; see `[membership]` in
    predicates.toml): joining or leaving one is membership, not employment."""

    en: frozenset[str] = frozenset()
    """Head nouns, lemma form ("party", "club")."""
    zh: tuple[str, ...] = ()
    """Name endings (党, 协会, 俱乐部)."""

    together_en: frozenset[str] = frozenset()
    """Head nouns of bodies one belongs to alongside others (`together` in `[membership]`)."""
    together_zh: tuple[str, ...] = ()

    def named(self, head: str, lang: str) -> bool:
        """Whether a name whose head noun (English) or whole text (Chinese) is `head` names
        such a body."""
        if lang == "zh":
            return head.endswith(self.zh) if self.zh else False
        return normalize_surface(head) in self.en

    def together(self, name: str) -> bool:
        """Whether `name` names a body one is a member of alongside others (an academy, a
        learned society, an association, a council, a club): its English head word (the last
        word before a preposition: "the Royal Society of Edinburgh" -> society) or its Chinese
        ending (中国数学学会) is listed."""
        if self.together_zh and name.strip().endswith(self.together_zh):
            return True
        words = _NAME_WORD.findall(normalize_surface(name))
        cut = next((i for i, w in enumerate(words) if w in _PREPOSITIONS), len(words))
        return cut > 0 and words[cut - 1] in self.together_en


@dataclass(frozen=True)
class PredicateTable:
    """Lookup from (language, surface form) to a predicate, plus the category typing map."""

    predicates: dict[str, PredicateInfo]
    surfaces: dict[tuple[str, str], str]
    categories: dict[str, CategoryTyping] = field(default_factory=dict)
    implied_values: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    digest: str = ""
    open_relations: OpenRelations = field(default_factory=OpenRelations)
    bodies: Bodies = field(default_factory=Bodies)
    leavable: tuple[str, ...] = ()
    """States one leaves (`[leaving]` in predicates.toml): an ending of one of them may mean
    another ("I left Initech": spaCy may take Initech for a place); see `ends_also`."""
    past_ends: frozenset[str] = frozenset()
    """States whose simple past says they no longer hold (`[past_tense]` in predicates.toml)."""

    def get(self, name: str) -> PredicateInfo | None:
        return self.predicates.get(name)

    def lookup(self, surface: str, lang: str) -> PredicateInfo | None:
        """The predicate a surface form normalises to, or None when the table lacks it."""
        key = normalize_surface(surface)
        name = self.surfaces.get((lang, key))
        return self.predicates[name] if name else None

    def implied(self, surface: str, lang: str) -> tuple[PredicateInfo, str] | None:
        """(predicate, value) for verbs that carry their value: 'unsubscribe' -> cancelled."""
        hit = self.implied_values.get((lang, normalize_surface(surface)))
        return (self.predicates[hit[0]], hit[1]) if hit else None

    def resolve(self, surface: str, lang: str, *, from_attribute: bool = False) -> PredicateInfo:
        """Like `lookup`, but an unknown form becomes its own predicate instead of None."""
        found = self.lookup(surface, lang)
        if found is not None:
            return found
        name = predicate_name(surface)
        single = self.open_relations.cardinality(surface, from_attribute=from_attribute)
        return PredicateInfo(name=name, cardinality=single, category="general", known=False)

    def as_member(self, info: PredicateInfo, body: str, lang: str) -> PredicateInfo:
        """Employment with a body one is a member of ("joined the Green Party", "left the
        union", 加入了绿党) is membership: `member_of` instead of `works_at`. `body` is the
        object's head noun (English) or its whole name (Chinese), as `Bodies.named` takes."""
        if info.name == "works_at" and self.bodies.named(body, lang):
            return self.predicates.get("member_of", info)
        return info

    def cardinality_of(self, info: PredicateInfo, value: str) -> Cardinality:
        """How many values of `info` hold at once, given this one. A membership is one at a
        time (a party, a band, a body whose name does not say), except of a body one belongs
        to alongside others (`Bodies.together`: "a member of the Royal Society" does not end
        with "a member of the Serbian Academy of Sciences", nor close it)."""
        if info.name == "member_of" and self.bodies.together(value):
            return Cardinality.MULTI
        return info.cardinality

    def ends_also(self, predicate: str) -> tuple[PredicateInfo, ...]:
        """The other states an ending of `predicate` may mean, when it is one of them."""
        if predicate not in self.leavable:
            return ()
        return tuple(self.predicates[p] for p in self.leavable if p != predicate)

    def typing_for(self, category: str) -> CategoryTyping:
        return self.categories.get(category) or self.categories.get(
            "general", CategoryTyping(MemoryType.FACT, MemoryLayer.SEMANTIC)
        )


@lru_cache(maxsize=16384)
def normalize_surface(surface: str) -> str:
    """Case-, width- and space-folded surface form used as the lookup key (remembered: the
    same few thousand surfaces are looked up for every clause)."""
    folded = unicodedata.normalize("NFKC", surface).casefold().strip()
    return " ".join(folded.split())


def predicate_name(surface: str) -> str:
    """A predicate identifier from free text: 'Rule injection slot' -> 'rule_injection_slot'."""
    folded = normalize_surface(surface)
    name = _NON_WORD.sub("_", folded).strip("_")
    return name or "related_to"


def parse_table(data: dict[str, Any]) -> PredicateTable:
    predicates: dict[str, PredicateInfo] = {}
    surfaces: dict[tuple[str, str], str] = {}
    for name, spec in data.get("predicates", {}).items():
        predicates[name] = PredicateInfo(
            name=name,
            cardinality=Cardinality(spec.get("cardinality", "single")),
            category=spec.get("category", "general"),
            preference=bool(spec.get("preference", False)),
        )
        for lang in ("en", "zh"):
            for surface in spec.get(lang, []):
                surfaces.setdefault((lang, normalize_surface(surface)), name)
        surfaces.setdefault(("en", normalize_surface(name.replace("_", " "))), name)
    categories = {
        cat: CategoryTyping(MemoryType(spec["memory_type"]), MemoryLayer(spec["layer"]))
        for cat, spec in data.get("categories", {}).items()
    }
    implied = {
        (lang, normalize_surface(surface)): (name, value)
        for name, by_lang in data.get("values", {}).items()
        for lang, forms in by_lang.items()
        for surface, value in forms.items()
    }
    digest = hashlib.sha256(
        json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")
    ).hexdigest()[:12]
    spec = data.get("open_relations", {})
    rules = OpenRelations(
        frozenset(normalize_surface(w) for w in spec.get("state", [])),
        frozenset(normalize_surface(w) for w in spec.get("accumulating", [])),
        str(spec.get("rule", "open")),
    )
    bodies = data.get("membership", {})
    joined = Bodies(
        frozenset(normalize_surface(w) for w in bodies.get("en", [])),
        tuple(sorted(bodies.get("zh", []), key=len, reverse=True)),
        frozenset(normalize_surface(w) for w in bodies.get("together_en", [])),
        tuple(sorted(bodies.get("together_zh", []), key=len, reverse=True)),
    )
    leavable = tuple(p for p in data.get("leaving", {}).get("states", []) if p in predicates)
    past_ends = frozenset(data.get("past_tense", {}).get("ends", []))
    return PredicateTable(
        predicates, surfaces, categories, implied, digest, rules, joined, leavable, past_ends
    )


def load_table(path: Path | None = None) -> PredicateTable:
    """Load the table from `path`, or the packaged default."""
    if path is None:
        return default_table()
    with path.open("rb") as handle:
        return parse_table(tomllib.load(handle))


@cache
def default_table() -> PredicateTable:
    raw = resources.files("extractors").joinpath("predicates.toml").read_bytes()
    return parse_table(tomllib.loads(raw.decode("utf-8")))
