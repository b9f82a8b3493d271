"""Which texts a regular expression can match at all: the characters one of which every
match of it holds, read from the pattern's own syntax tree (`needed`), so that a resolver
tries a rule only on a text holding one of them (`Gate`). Most turns name no time, and every
rule tried at every character of every turn was a fifth of the time resolver's cost.

Derived, never listed by hand: a rule changed keeps a right gate, and a rule that can match
without any of a small set of characters (an optional part only, a negated class, `.`, `\\d`,
which is every script's digits) gets no gate and runs on every text. A pattern that ignores
case gets a gate that ignores case the same way (the regex engine's own folding)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

sre: Any = importlib.import_module("re._parser")
"""The stdlib's regex parser: the tree `re.compile` itself builds (Python 3.11+)."""

SMALL = 64
"""The most characters a class may stand for and still be a gate ([一二三四五六] is; [^x],
\\w and [a-z] with its capitals are not)."""


@dataclass
class _Reading:
    folded: bool = False
    """Some part of the pattern ignores case."""


def needed(pattern: re.Pattern[str]) -> tuple[frozenset[str], bool] | None:
    """Characters one of which every match of `pattern` holds, and whether they are to be
    compared ignoring case; None when no small set is needed."""
    reading = _Reading(bool(pattern.flags & re.IGNORECASE))
    chars = _sequence(sre.parse(pattern.pattern, pattern.flags), reading)
    return None if chars is None else (chars, reading.folded)


def _sequence(items: Iterable[tuple[Any, Any]], reading: _Reading) -> frozenset[str] | None:
    """A sequence matches each of its parts: any part's set will do, the smallest is the
    sharpest."""
    sets = [s for s in (_node(op, arg, reading) for op, arg in items) if s is not None]
    return min(sets, key=len, default=None)


def _node(op: Any, arg: Any, reading: _Reading) -> frozenset[str] | None:
    if op is sre.LITERAL:
        return frozenset(chr(arg))
    if op is sre.IN:
        return _class(arg)
    if op is sre.SUBPATTERN:
        reading.folded |= bool(arg[1] & re.IGNORECASE)  # (?i:...)
        return _sequence(arg[-1], reading)
    if op is sre.BRANCH:
        branches = [_sequence(branch, reading) for branch in arg[1]]
        if any(b is None for b in branches):
            return None
        return frozenset().union(*(b for b in branches if b is not None))
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _, item = arg
        return _sequence(item, reading) if low >= 1 else None
    return None  # AT, ASSERT, ASSERT_NOT, GROUPREF, ANY, NOT_LITERAL...: no fixed character


def _class(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    chars: set[str] = set()
    for op, arg in items:
        if op is sre.LITERAL:
            chars.add(chr(arg))
        elif op is sre.RANGE and arg[1] - arg[0] < SMALL:
            chars.update(chr(c) for c in range(arg[0], arg[1] + 1))
        else:
            return None  # a negation, a wide range, \d, \w, \s: no small set
    return frozenset(chars) if len(chars) <= SMALL else None


class Gate:
    """For a list of patterns, which of them a text may match: none of a pattern's needed
    characters in the text, no match (one scan for all of them first)."""

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        found = [needed(p) for p in patterns]
        self.each = [None if n is None else _compiled(*n) for n in found]
        self.any = None
        if all(n is not None for n in found):
            chars = frozenset().union(*(n[0] for n in found if n is not None))
            self.any = _compiled(chars, any(n[1] for n in found if n is not None))

    def open(self, text: str) -> list[bool]:
        """For each pattern, whether `text` may hold a match of it."""
        if self.any is not None and self.any.search(text) is None:
            return [False] * len(self.each)
        return [g is None or g.search(text) is not None for g in self.each]


def gate(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """One pattern's gate: a class of the characters one of which every match of `pattern`
    holds (a text it finds nothing in, `pattern` finds nothing in), or None (no small set)."""
    found = needed(pattern)
    return None if found is None else _compiled(*found)


def _compiled(chars: frozenset[str], folded: bool) -> re.Pattern[str]:
    body = "".join(re.escape(c) for c in sorted(chars))
    return re.compile(f"[{body}]", re.IGNORECASE if folded else 0)
