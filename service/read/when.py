"""Questions that ask when: their answer is a time, so records that say one come first.

A search whose text asks when ("When did I go to Lyon?", "what day was the party", "how long
ago...", 我哪天去的杭州, 什么时候, 几号) gives every fact whose time was said in words (its
`valid_phrase`: "last weekend", 上周六; not a time that is only the message's) `WHEN_BONUS`
more, and a turn's score goes to its dated fact before its undated ones. Each hit shows the
period (`valid_at` to `valid_end`) and the words it came from (`valid_phrase`).
"""

from __future__ import annotations

import re

from graph.domain.model import Episode, Fact

WHEN_BONUS = 0.5
"""Half of a best keyword match of a turn: a dated record of the right turn comes first, a
dated record that matches nothing else does not jump a clearly better match."""
_WHEN = re.compile(
    r"\b(?:when|what\s+(?:day|date|time|year|month|week(?:end)?)|which\s+(?:day|date|year"
    r"|month|week(?:end)?)|how\s+long\s+ago|since\s+when)\b"
    r"|什么时候|哪天|哪一天|哪日|几号|几月|哪年|哪一年|哪个月|哪周|哪个周末|何时|多久以前|多久前|几时"
    r"|什么时间|啥时候|的时间是什么|的日期是什么",
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
