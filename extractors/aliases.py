"""The alias table: one entity's names across languages and spellings (上海 / Shanghai, NYC /
New York City, Deutschland / Germany / 德国).

Two sources, merged: `aliases_cldr.json`, generated from CLDR (territories, time-zone cities,
languages in eleven locales; `python -m extractors.aliases_build`), and `aliases.toml`, the
hand table, laid over it: a hand group that shares a name with a CLDR group takes that whole
group in under the hand group's canonical name ("New York" is CLDR's city; the hand group
makes "New York City" its canonical name and adds NYC). Both load once, on first use.

`canonical(name)` returns the group's canonical name for any member, else the name
unchanged. The write path keys values (`value_key`, the assertion signature) and entities
(their key, a fact's `subject_key`) on it, so a value said again in another language or
spelling is the same value: a DUPLICATE at the same time, a restatement (NOOP) later, never
an UPDATE; and the entity it names is one node, with the other names it was called recorded
as its aliases. Extracted text is never rewritten: the record keeps the words as said.
"""

from __future__ import annotations

import json
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from importlib import resources
from pathlib import Path

from graph.domain.signature import entity_key

CLDR_FILE = Path(__file__).with_name("aliases_cldr.json")
KEPT_KEYS = 65_536


def fold(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(frozen=True)
class AliasTable:
    names: dict[str, str]
    """Folded member name -> canonical name."""

    def canonical(self, name: str) -> str:
        return self.names.get(fold(name), name)

    @cached_property
    def members(self) -> dict[str, tuple[str, ...]]:
        """Canonical name -> its group's folded names."""
        out: dict[str, list[str]] = {}
        for folded, canonical in self.names.items():
            out.setdefault(canonical, []).append(folded)
        return {canonical: tuple(names) for canonical, names in out.items()}

    def keys(self, name: str) -> tuple[str, ...]:
        """The entity keys a name may be stored under: its canonical name's first (where its
        entity is keyed), then the name's own and its group's other names' (where a store
        written before the table knew them may hold it). Kept per name (the `KEPT_KEYS` most
        recent names): every write asks it of each entity it names, and the same speakers and
        values come back in every chunk."""
        return self._kept_keys(name)

    @cached_property
    def _kept_keys(self) -> Callable[[str], tuple[str, ...]]:
        return lru_cache(maxsize=KEPT_KEYS)(self._keys)

    def _keys(self, name: str) -> tuple[str, ...]:
        canonical = self.canonical(name)
        others = (entity_key(n) for n in self.members.get(canonical, ()))
        return tuple(dict.fromkeys([entity_key(canonical), entity_key(name), *others]))


def table_of(groups: Iterable[Sequence[str]]) -> dict[str, str]:
    """Folded name -> its group's first name (a name in two groups stays with the first)."""
    names: dict[str, str] = {}
    for group in groups:
        for member in group:
            names.setdefault(fold(member), group[0])
    return names


def laid_over(base: dict[str, str], hand: Iterable[Sequence[str]]) -> dict[str, str]:
    """`base` with each hand group laid over it: every base group sharing a name with the hand
    group joins it under the hand group's canonical name; the hand group's names are its own."""
    members: dict[str, list[str]] = {}
    for key, canonical in base.items():
        members.setdefault(canonical, []).append(key)
    names = dict(base)
    for group in hand:
        folded = [fold(m) for m in group]
        for joined in {base[f] for f in folded if f in base}:
            names.update(dict.fromkeys(members[joined], group[0]))
        names.update(dict.fromkeys(folded, group[0]))
    return names


def parse_aliases(
    data: dict[str, list[list[str]]], base: dict[str, str] | None = None
) -> AliasTable:
    """The hand table `data` ({"groups": [[canonical, name, ...], ...]}), laid over `base`."""
    hand = data.get("groups", [])
    if base is None:
        return AliasTable(table_of(hand))
    return AliasTable(laid_over(base, hand))


def cldr_groups() -> list[list[str]]:
    groups: list[list[str]] = json.loads(CLDR_FILE.read_text("utf-8"))["groups"]
    return groups


@cache
def default_aliases() -> AliasTable:
    raw = resources.files("extractors").joinpath("aliases.toml").read_text("utf-8")
    return parse_aliases(tomllib.loads(raw), table_of(cldr_groups()))
