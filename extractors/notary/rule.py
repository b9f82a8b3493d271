"""One credential rule of the notary's own: a pattern, where its secret is, and a check."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from extractors.notary.shapes import Shape, shape
from extractors.notary.values import Check, is_placeholder


@dataclass(frozen=True)
class Rule:
    """One pattern: the whole match (`whole`) or its `v...` group is the secret."""

    label: str
    pattern: re.Pattern[str]
    rank: int
    check: Check | None = None
    whole: bool = False
    kind: str = ""
    """The placeholder type; by default the label's (`{kind}` labels: the keyword's kind)."""
    span: Callable[[re.Match[str]], tuple[int, int] | None] | None = None
    """Where the secret is, for a rule whose pattern only finds an anchor (default: the
    `v...` group, or the whole match)."""
    needles: tuple[str, ...] = ()
    """Lower-case substrings every match contains: the rule runs only on text holding one
    (most messages hold none, and skipping is what keeps the notary cheap)."""


def check_value(match: re.Match[str], start: int, end: int) -> bool:
    """Any value but a placeholder, reference or ordinary word (`values.is_placeholder`)."""
    return not is_placeholder(match.string[start:end])


def check_shaped(match: re.Match[str], start: int, end: int) -> bool:
    """A value that is more than a word: MIXED or RANDOM (`notary.shapes`)."""
    return shape(match.string[start:end]) >= Shape.MIXED
