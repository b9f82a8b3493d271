"""Proper names that the stock tokenizer would cut apart, found before tokenizing.

* Names with initials: "W. E. Marsh", "J.R.R. Tolkien", "George W. Bush". The period after a
  lone capital would otherwise end the sentence and leave the value as "W".
* Names with a parenthesised disambiguator: "Leo Park (actor)", "Mercury (planet)". The
  bracket is part of the name as written (wiki-style titles); a bracket that opens with a
  time word ("Acme (since 2020)") is not.

A name with initials is kept as one token (`find_names`); a bracketed name parses well as it
is, and `titled_names` lets rendering restore it whole (`english.whole`).
"""

from __future__ import annotations

import re

from extractors.identifiers import Identifier

_WORD = r"[A-Z][a-z]+(?:['-][A-Za-z]+)*"
_INITIALS = r"(?:[A-Z]\.\s?){1,3}"
_STOP = (
    r"(?!(?:The|This|That|These|Those|It|Its|I|We|He|She|They|My|Our|His|Her|Their|A|An|"
    r"In|On|At|If|But|And|So|Then|There|When|What|Also|Now)\b)"
)
_INITIALS_NAME = (
    rf"(?<![\w.])(?:(?:{_WORD}\s)+{_INITIALS}|(?:[A-Z]\.\s?){{2,3}})"
    rf"{_STOP}{_WORD}(?:\s{_WORD})*"
    rf"|(?<![\w.])[A-Z]\.\s{_STOP}{_WORD}(?:\s{_WORD})+"
)
_TIME_WORDS = (
    r"(?:since|from|until|till|to|in|on|at|before|after|for|about|around|circa|"
    r"c\.|born|d\.|b\.)"
)
_BRACKET = rf"\( ?(?!{_TIME_WORDS}\b)[A-Za-z][A-Za-z0-9 ,.'&-]{{0,40}}\)"
_NAMED = r"(?:[A-Z][\w.'&-]*|of|the|de|van|von|la|le|da|del)"
_TITLED = rf"(?<![\w.])[A-Z][\w.'&-]*(?:\s{_NAMED})*\s{_BRACKET}"
_NAMES = re.compile(rf"(?P<name>{_INITIALS_NAME})")
_TITLES = re.compile(_TITLED)
NAME_LABELS = {"name": "PERSON"}


def find_names(text: str) -> list[Identifier]:
    """Names with initials in `text`, in order: kept as one token each."""
    return [Identifier(match.group(0), "name", match.span()) for match in _NAMES.finditer(text)]


def titled_names(text: str) -> dict[int, str]:
    """Start offset -> "Name (disambiguator)". These parse well as separate tokens, so they
    are not merged; a phrase that starts there is rendered as the whole written name."""
    return {match.start(): match.group(0) for match in _TITLES.finditer(text)}


def merge(first: list[Identifier], second: list[Identifier]) -> list[Identifier]:
    """Both lists in text order; an item of `second` overlapping one of `first` is dropped."""
    taken = [item.span for item in first]
    extra = [
        item
        for item in second
        if not any(item.span[0] < end and start < item.span[1] for start, end in taken)
    ]
    return sorted([*first, *extra], key=lambda item: item.span[0])
