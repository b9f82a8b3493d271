"""Questions that ask when: their answer is a time, so records that say one come first.

A search whose text asks when ("When did I go to Lyon?", "what day was the party", "how long
ago...", 我哪天去的杭州, 什么时候, 几号) gives every fact whose time was said in words (its
`valid_phrase`: "last weekend", 上周六; not a time that is only the message's) `WHEN_BONUS`
more, and a turn's score goes to its dated fact before its undated ones. Each hit shows the
period (`valid_at` to `valid_end`) and the words it came from (`valid_phrase`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from graph.domain.model import Episode, Fact

T = TypeVar("T")

WHEN_BONUS = 0.5
"""Half of a best keyword match of a turn: a dated record of the right turn comes first, a
dated record that matches nothing else does not jump a clearly better match."""
_WHEN = re.compile(
    r"\b(?:when|what\s+(?:day|date|time|year|month|week(?:end)?)|which\s+(?:day|date|year"
    r"|month|week(?:end)?)|how\s+long\s+ago|since\s+when)\b"
    r"|什么时候|哪天|哪一天|哪日|几号|几月|哪年|哪一年|哪个月|哪周|哪个周末|何时|多久以前|多久前|几时"
    r"|什么时间|啥时候|时间是什么|日期是什么|时间为何",
    re.IGNORECASE,
)


def asks_when(text: str) -> bool:
    """Does the question ask for a time?"""
    return _WHEN.search(text) is not None


def dated(record: Fact | Episode) -> bool:
    """A fact whose time was said in words (not only the message's time)."""
    return isinstance(record, Fact) and bool(record.valid_phrase)


def when_bonus(record: Fact | Episode, when: bool) -> float:
    return WHEN_BONUS if when and dated(record) else 0.0


_CJK_BREAK = re.compile(r"[的是在了和与及、，。！？：；\s]|[^\u3400-\u9fff]")
_LATIN_NAME = re.compile(r"\b[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*")


def names(text: str) -> set[str]:
    """The names a record's sentence holds: runs of three or more Chinese characters between
    particles (智能科技新品发布盛典 in 智能科技新品发布盛典的地点是山东青岛), capitalised Latin
    words ("Lake House")."""
    cjk = {part for part in _CJK_BREAK.split(text) if len(part) >= 3}
    return cjk | {m.group(0) for m in _LATIN_NAME.finditer(text)}


def its_time_first(
    question: str, found: list[T], record: Callable[[T], Fact | Episode], lift: Callable[[T, T], T]
) -> list[T]:
    """A when-question that picks a thing out by another of its facts ("the event in Qingdao:
    when is it?"): when the best fact says no time, the best dated fact that names the same
    thing (a name of the best fact's sentence the question does not say) goes right before it
    (`lift(dated, best)` gives it the best's score). `found` is best first."""
    if not asks_when(question):
        return found
    first = next((i for i, item in enumerate(found) if isinstance(record(item), Fact)), None)
    if first is None or dated(record(found[first])):
        return found
    best = record(found[first])
    assert isinstance(best, Fact)
    wanted = {n for n in names(best.fact) if n not in question}
    match = _naming(found, record, wanted, first)
    if match is None:
        return found
    moved = lift(found[match], found[first])
    rest = [item for i, item in enumerate(found) if i != match]
    return [*rest[:first], moved, *rest[first:]]


def _naming(
    found: Sequence[T], record: Callable[[T], Fact | Episode], wanted: set[str], after: int
) -> int | None:
    for i in range(after + 1, len(found)):
        candidate = record(found[i])
        if (
            dated(candidate)
            and isinstance(candidate, Fact)
            and any(name in candidate.fact for name in wanted)
        ):
            return i
    return None
