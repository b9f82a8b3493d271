"""Weighted score fusion with per-channel normalisation.

Each channel scores records on its own scale (bm25, cosine, 1/hops, recency rank). Reciprocal
rank fusion keeps only ranks, so the bm25 gap between a record holding the question's rare
words and one holding only its common words shrank to a few per cent; here each channel's
scores are brought to [0, 1] and weighted, so strong evidence stays strong:

* episodes          bm25 / the channel's best bm25 (the best match scores 1.0, a record
                     matching only common words a small fraction of it); weight 1.0
* keyword           the same over facts; weight 0.25: a fact's words are a part of its
                     turn's, which the episodes channel already counts (and whose score the
                     search hands to the turn's best fact)
* context            the two turns on each side of the best episode hits, at their
                     neighbour's share of the best episode score; weight CONTEXT_WEIGHT
* identifier         the same normalisation; weight 1.0 (the search adds its exactness bonus)
* vector             cosine similarity, clipped at 0; weight 0.25: a tie-breaker between
                     keyword matches and a way in for paraphrases, never an override
* graph              1/hops; weight 0.05: a named person's or thing's every record is one
                     hop away, so the walk says "related", rarely "the answer"
* tags               1 / (1 + rank) in the family's newest matches; weight 0.1

A record's score is the sum over the channels that found it. Ties break by uuid, so the order
is deterministic.

A record is a candidate only with evidence (`evidenced`): a channel other than the vector found
it (the question's words, an identifier, a tag family, an entity the question names, a turn
next to a hit), or the encoder puts it at least `MIN_COSINE` from the question. The vector
channel returns the nearest records whatever their distance, so without this a question that
matched three records came back with seven more that shared nothing with it (cosine 0.0-0.1,
score about 0). Paraphrases a question has no word of ("What car do I drive?" / "I own a
Tesla", "What pet do I have?" / "We adopted a kitten", 我住在哪里 / 我家在北京) measured
0.21-0.48 on the default encoder, unrelated pairs -0.01-0.17.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from graph.ports.search import Scored

EPISODES = "episodes"
VECTOR = "vector"
CONTEXT_WEIGHT = 0.5
MIN_COSINE = 0.2


def _relative(hits: Sequence[Scored]) -> list[float]:
    best = max((hit.score for hit in hits), default=0.0)
    return [hit.score / best if best > 0 else 0.0 for hit in hits]


def _absolute(hits: Sequence[Scored]) -> list[float]:
    return [min(1.0, max(0.0, hit.score)) for hit in hits]


def _ranked(hits: Sequence[Scored]) -> list[float]:
    order = sorted(range(len(hits)), key=lambda i: -hits[i].score)
    out = [0.0] * len(hits)
    for rank, index in enumerate(order):
        out[index] = 1.0 / (1 + rank)
    return out


Normaliser = Callable[[Sequence[Scored]], list[float]]
CHANNELS: dict[str, tuple[float, Normaliser]] = {
    EPISODES: (1.0, _relative),
    "keyword": (0.25, _relative),
    "context": (CONTEXT_WEIGHT, _absolute),
    "identifier": (1.0, _relative),
    VECTOR: (0.25, _absolute),
    "graph": (0.05, _absolute),
    "tags": (0.1, _ranked),
}


@dataclass
class Fused:
    uuid: str
    score: float = 0.0
    channels: list[str] = field(default_factory=list)
    told: float = 0.0
    """The episodes channel's share of `score` (the turn's own words)."""

    @property
    def kind(self) -> str:
        return "episode" if {EPISODES, "context"}.intersection(self.channels) else "fact"


def fuse(lists: Sequence[tuple[str, Sequence[Scored]]]) -> list[Fused]:
    """Fused records, best first (ties by uuid). A channel's repeated uuid counts once, at its
    best score."""
    fused: dict[str, Fused] = {}
    for channel, hits in lists:
        weight, normalise = CHANNELS[channel]
        seen: set[str] = set()
        for hit, value in sorted(
            zip(hits, normalise(hits), strict=True), key=lambda pair: -pair[1]
        ):
            if hit.uuid in seen:
                continue
            seen.add(hit.uuid)
            entry = fused.setdefault(hit.uuid, Fused(hit.uuid))
            entry.score += weight * value
            if channel == EPISODES:
                entry.told = weight * value
            if channel not in entry.channels:
                entry.channels.append(channel)
    return sorted(fused.values(), key=lambda entry: (-entry.score, entry.uuid))


def evidenced(lists: Sequence[tuple[str, Sequence[Scored]]], fused: list[Fused]) -> list[Fused]:
    """`fused` without the records only the vector channel found, below `MIN_COSINE`."""
    vouched = {
        hit.uuid
        for channel, hits in lists
        for hit in hits
        if channel != VECTOR or hit.score >= MIN_COSINE
    }
    return [entry for entry in fused if entry.uuid in vouched]
