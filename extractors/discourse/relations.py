"""The relations people state about others (`relations.toml`): surfaces per language, the
kinds of entity each is said of, the shape its value must have."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any, Literal, cast

from graph.domain.discourse import Kind

ValueShape = Literal["date", "number", "money", "place", "name", "text"]

_DATE = re.compile(
    r"^(?:公元前?)?\d{1,4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?)?(?:左右)?$"
    r"|^\d{1,2}\s*月\s*\d{1,2}\s*[日号]$"
    r"|^\d{4}[-/.]\d{1,2}(?:[-/.]\d{1,2})?$"
    r"|^(?:(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r",?\s+)?\d{4}$"
    r"|^\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Z][a-z]+,?\s+\d{4}$",
    re.I,
)
_NUMBER = re.compile(r"\d|[一二两三四五六七八九十百千万亿]")
_MONEY = re.compile(
    r"[\d一二两三四五六七八九十百千][^，,。]{0,12}?(?:元|块|美金|法郎|英镑|镑|[万亿](?![年月日分小天个首]))"
    r"|[$￥¥€£]\s*\d|\d\s*(?:dollars|euros|pounds|million|billion)",
    re.I,
)
"""A sum of money: a number with a currency or a count of ten thousands (1亿美元, 5500000欧元,
120万, $30 million); never a length or a count (2小时, 24首)."""
_NOT_A_NAME = re.compile(
    r"^(?:他|她|它|他们|她们|它们|这|那|其|谁|什么)$|[哪谁吗呢吧]"
    r"|^(?:还|也|都)?(?:当|做|干|演|拍|唱|写|担任)过了?$"
)
"""No name: a pronoun, a question word, a verb of having done something (当过, 做过: 导演、演员都
做过 names no actor)."""
_CLAUSE_WORDS = re.compile(r"[你我吗呢吧么]|知道|觉得|喜欢|\?|？")


@dataclass(frozen=True)
class Relation:
    """One relation of the table."""

    predicate: str
    about: tuple[Kind, ...]
    value: ValueShape
    list: bool
    surfaces: dict[str, tuple[str, ...]]
    value_kind: Kind | None = None
    """The kind of entity a value is (a director: a person), None when it is no entity."""
    """Per key (zh, zh_by, zh_of, zh_after, zh_ask, en, en_by, en_of, en_ask): the surface forms."""

    def fits(self, value: str) -> bool:
        """Does `value` have the shape this relation's values have?"""
        text = value.strip()
        if not text or len(text) > 80 or _CLAUSE_WORDS.search(text):
            return False
        if self.value == "date":
            return bool(_DATE.match(text))
        if self.value == "number":
            return bool(_NUMBER.search(text))
        if self.value == "money":
            return bool(_MONEY.search(text))
        if self.value == "place":
            return not _DATE.match(text) and not text[0].isdigit() and not _NOT_A_NAME.search(text)
        if self.value == "name":
            return not _DATE.match(text) and len(text) <= 40 and not _NOT_A_NAME.search(text)
        return True


@dataclass(frozen=True)
class Relations:
    """The table, with each language's surface forms indexed."""

    relations: tuple[Relation, ...]

    def by(self, key: str) -> list[tuple[str, Relation]]:
        """(surface, relation) for one kind of surface, longest surface first."""
        pairs = [(s, r) for r in self.relations for s in r.surfaces.get(key, ())]
        return sorted(pairs, key=lambda p: len(p[0]), reverse=True)

    def words(self, *keys: str) -> re.Pattern[str]:
        """One pattern of every surface of `keys` with two characters or more, longest
        first (导演, 门票价格, 出生于: the words a name never holds)."""
        found = {s for r in self.relations for key in keys for s in r.surfaces.get(key, ())}
        kept = sorted((re.escape(s) for s in found if len(s) >= 2), key=len, reverse=True)
        return re.compile("|".join(kept))

    def get(self, predicate: str) -> Relation | None:
        return self._by_predicate.get(predicate)

    @cached_property
    def _by_predicate(self) -> dict[str, Relation]:
        """Each predicate's relation (the first, were one named twice), made on first use."""
        return {r.predicate: r for r in reversed(self.relations)}


def parse_relations(data: dict[str, Any]) -> Relations:
    out = []
    for name, spec in data.get("relations", {}).items():
        surfaces = {
            key: tuple(spec.get(key, ()))
            for key in (
                "zh",
                "zh_by",
                "zh_of",
                "zh_after",
                "zh_ask",
                "en",
                "en_by",
                "en_of",
                "en_ask",
            )
        }
        out.append(
            Relation(
                name,
                tuple(cast(list[Kind], spec["about"])),
                cast(ValueShape, spec.get("value", "text")),
                bool(spec.get("list", False)),
                surfaces,
                cast(Kind | None, spec.get("value_kind")),
            )
        )
    return Relations(tuple(out))


@cache
def default_relations() -> Relations:
    raw = resources.files("extractors.discourse").joinpath("relations.toml").read_bytes()
    return parse_relations(tomllib.loads(raw.decode("utf-8")))
