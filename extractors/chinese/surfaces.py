"""Where a relation's surfaces (导演, 出生于, 门票价格...) are said in a Chinese clause: one
scan for a whole list of them (`Surfaces`), made once per list by the relation reader."""

from __future__ import annotations

import re

from extractors.discourse.relations import Relation


class Surfaces:
    """Every surface of a list, found in one left-to-right scan (the leftmost longest surface
    at each place, then on after it: what one regex alternation of them, longest first, finds,
    without trying hundreds of alternatives at every character). The scan jumps from one
    character that starts a surface to the next (one character class, searched in C), and
    `present` gives the list's pairs from the surfaces found through an index made once."""

    def __init__(self, pairs: list[tuple[str, Relation]]) -> None:
        surfaces = sorted({s for s, _ in pairs if s}, key=len, reverse=True)
        by_first: dict[str, list[str]] = {}
        for surface in surfaces:
            by_first.setdefault(surface[0], []).append(surface)
        self.by_first = by_first
        self.starts = re.compile("[" + re.escape("".join(by_first)) + "]") if by_first else None
        self.pairs = pairs
        self.within: dict[str, list[int]] = {
            found: [i for i, (s, _) in enumerate(pairs) if s in found] for found in surfaces
        }
        """For each surface, the pairs whose surface is inside it (门票 inside 门票价格)."""

    def found(self, text: str) -> set[str]:
        out: set[str] = set()
        at = 0
        while self.starts is not None and (start := self.starts.search(text, at)) is not None:
            at = start.start()
            match = next((s for s in self.by_first[text[at]] if text.startswith(s, at)), None)
            if match is None:
                at += 1
            else:
                out.add(match)
                at += len(match)
        return out

    def present(self, text: str) -> list[tuple[str, Relation]]:
        """The (surface, relation) pairs whose surface is in `text`, in the list's order
        (longest first): a surface inside a longer one found there counts too (门票 in
        门票价格)."""
        found = self.found(text)
        if not found:
            return []
        hits = sorted({i for surface in found for i in self.within[surface]})
        return [self.pairs[i] for i in hits]
