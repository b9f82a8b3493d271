"""The synonym table of the search's tag channel: query words -> tag families.

Loaded from `synonyms.toml` beside this module, or the file `PALIMPSEST_SYNONYMS` names (see
that file for its format and why it exists). A malformed file is InvalidInput naming the file.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from graph.domain.errors import InvalidInput

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]")
_SPACE = re.compile(r"\s+")


def fold(text: str) -> str:
    """Case-, width- and space-folded text (how both the table and queries are compared)."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


@dataclass(frozen=True)
class Family:
    """One tag family: its names, member words (any language) and the predicates it denotes."""

    name: str
    tags: tuple[str, ...]
    words: tuple[str, ...]
    predicates: tuple[str, ...]

    def terms(self) -> list[str]:
        """Everything a record of this family may contain, as keyword-query chunks: tags and
        predicates first, multi-word phrases joined so that each stays one phrase."""
        ordered = [*self.tags, *self.predicates, *self.words]
        return [_SPACE.sub("-", term.strip()) for term in dict.fromkeys(ordered)]


@dataclass(frozen=True)
class SynonymTable:
    families: tuple[Family, ...]
    pattern: re.Pattern[str] | None
    owners: dict[str, tuple[int, ...]]
    """Folded word or tag -> indexes of the families that list it."""

    def families_in(self, query: str) -> list[Family]:
        """The families whose tags or words occur in `query`, in order of first occurrence."""
        if self.pattern is None:
            return []
        found: dict[int, None] = {}
        for match in self.pattern.finditer(fold(query)):
            for index in self.owners.get(match.group(0), ()):
                found.setdefault(index, None)
        return [self.families[index] for index in found]


def parse_synonyms(data: dict[str, Any], source: str = "synonyms") -> SynonymTable:
    families = tuple(_family(name, spec, source) for name, spec in data.get("families", {}).items())
    owners: dict[str, list[int]] = {}
    for index, family in enumerate(families):
        for word in (*family.tags, *family.words):
            owners.setdefault(fold(word), []).append(index)
    return SynonymTable(
        families,
        _pattern(list(owners)),
        {word: tuple(indexes) for word, indexes in owners.items()},
    )


def _family(name: str, spec: Any, source: str) -> Family:
    if not isinstance(spec, dict):
        raise InvalidInput(f"{source}: family {name} must be a table", field="synonyms")
    lists = {key: spec.get(key, []) for key in ("tags", "words", "predicates")}
    for key, value in lists.items():
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise InvalidInput(
                f"{source}: families.{name}.{key} must be a list of words", field="synonyms"
            )
    return Family(name, *(tuple(lists[key]) for key in ("tags", "words", "predicates")))


def _pattern(words: Sequence[str]) -> re.Pattern[str] | None:
    """One alternation, longest first; Latin words need ASCII word boundaries."""
    if not words:
        return None
    parts = [_word_pattern(word) for word in sorted(words, key=lambda w: (-len(w), w))]
    return re.compile("|".join(parts))


def _word_pattern(word: str) -> str:
    body = re.escape(word)
    if _CJK.search(word):
        return body
    return rf"(?<![a-z0-9_]){body}(?![a-z0-9_])"


@cache
def load_synonyms(path: Path | None = None) -> SynonymTable:
    """The table at `path`, or the built-in one; parsed once per path."""
    try:
        if path is None:
            text = resources.files("service.read").joinpath("synonyms.toml").read_text("utf-8")
            return parse_synonyms(tomllib.loads(text))
        return parse_synonyms(tomllib.loads(path.read_text("utf-8")), str(path))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InvalidInput(f"cannot read the synonym table: {exc}", field="synonyms") from exc
