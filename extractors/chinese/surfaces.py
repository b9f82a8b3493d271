"""Where a relation's surfaces (导演, 出生于, 门票价格...) are said in a Chinese clause: one
scan for a whole list of them (`Surfaces`), made once per list by the relation reader."""

from __future__ import annotations

import re
from typing import Any

from extractors.discourse.relations import Relation


class Surfaces:
    """Every surface of a list, found in one left-to-right scan (the leftmost longest surface
    at each place, then on after it: what one regex alternation of them, longest first, finds,
    without trying hundreds of alternatives at every character). The scan is one regex shaped
    as the surfaces' prefix tree (`trie_pattern`: 门(?:票(?:价格)?)|导演...), run in C: at each
    character one branch by that character, the longest surface there by greedy optional
    tails; `present` gives the list's pairs from the surfaces found through an index made
    once."""

    def __init__(self, pairs: list[tuple[str, Relation]]) -> None:
        surfaces = sorted({s for s, _ in pairs if s}, key=len, reverse=True)
        self.scan = re.compile(trie_pattern(surfaces)) if surfaces else None
        self.pairs = pairs
        self.within: dict[str, list[int]] = {
            found: [i for i, (s, _) in enumerate(pairs) if s in found] for found in surfaces
        }
        """For each surface, the pairs whose surface is inside it (门票 inside 门票价格)."""

    def found(self, text: str) -> set[str]:
        return set() if self.scan is None else set(self.scan.findall(text))

    def present(self, text: str) -> list[tuple[str, Relation]]:
        """The (surface, relation) pairs whose surface is in `text`, in the list's order
        (longest first): a surface inside a longer one found there counts too (门票 in
        门票价格)."""
        found = self.found(text)
        if not found:
            return []
        hits = sorted({i for surface in found for i in self.within[surface]})
        return [self.pairs[i] for i in hits]


def trie_pattern(words: list[str]) -> str:
    """A regex that matches the longest of `words` at a place: their prefix tree, each node an
    alternation by its next character, a word's end an optional (greedy) rest."""
    root: dict[str, dict[str, Any]] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _branches(root)


def _branches(node: dict[str, dict[str, Any]]) -> str:
    branches = [re.escape(char) + _branches(rest) for char, rest in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body
