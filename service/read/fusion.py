"""Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009).

Each channel ranks records by its own score, on its own scale (bm25, cosine, 1/hops); only the
ranks are comparable. A record's fused score is the sum over the lists it appears in of
1 / (K + rank), rank starting at 1, with K = 60 as in the paper: a record ranked first by one
channel scores 1/61 ~ 0.0164, and a record found by several channels beats one found by a single
channel at a similar rank. Ties inside a list (the graph channel scores every record one hop
away 1.0) share the best rank of their group (competition ranking), so the order a backend
happens to return tied records in changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from graph.ports import Scored

RRF_K = 60


@dataclass
class Fused:
    uuid: str
    score: float = 0.0
    channels: list[str] = field(default_factory=list)


def ranks(hits: Sequence[Scored]) -> list[tuple[str, int]]:
    """(uuid, rank) with competition ranking of equal scores; a repeated uuid keeps its first."""
    ordered = sorted(hits, key=lambda hit: -hit.score)
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    rank, previous = 0, None
    for position, hit in enumerate(ordered, start=1):
        if hit.score != previous:
            rank, previous = position, hit.score
        if hit.uuid not in seen:
            seen.add(hit.uuid)
            out.append((hit.uuid, rank))
    return out


def fuse(lists: Sequence[tuple[str, Sequence[Scored]]], k: int = RRF_K) -> list[Fused]:
    """Fused records, best first (ties by uuid, so the order is deterministic)."""
    fused: dict[str, Fused] = {}
    for channel, hits in lists:
        for uuid, rank in ranks(hits):
            entry = fused.setdefault(uuid, Fused(uuid))
            entry.score += 1.0 / (k + rank)
            if channel not in entry.channels:
                entry.channels.append(channel)
    return sorted(fused.values(), key=lambda entry: (-entry.score, entry.uuid))
