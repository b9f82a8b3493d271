"""The alias table: one entity's names across languages and spellings (上海 / Shanghai, NYC /
New York City), loaded from `aliases.toml` beside this module.

`canonical(name)` returns the group's first name for any member, else the name unchanged. The
write path keys values (`value_key`, the assertion signature) on it, so a value said again in
another language or spelling is the same value: a DUPLICATE at the same time, a restatement
(NOOP) later, never an UPDATE. Extracted text is never rewritten: the record keeps the words as
said. Entities are still keyed on the name as said (merging them is not done yet).
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources


def fold(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(frozen=True)
class AliasTable:
    names: dict[str, str]
    """Folded member name -> canonical name."""

    def canonical(self, name: str) -> str:
        return self.names.get(fold(name), name)


def parse_aliases(data: dict[str, list[list[str]]]) -> AliasTable:
    names: dict[str, str] = {}
    for group in data.get("groups", []):
        for member in group:
            names.setdefault(fold(member), group[0])
    return AliasTable(names)


@cache
def default_aliases() -> AliasTable:
    raw = resources.files("extractors").joinpath("aliases.toml").read_text("utf-8")
    return parse_aliases(tomllib.loads(raw))
