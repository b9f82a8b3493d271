"""Conversation-level evidence: a turn is more likely the answer when the conversation it was
told in holds the question's words in several of its turns.

A question about one conversation ("Why is Monica upset at Chandler?", "When is Rachel asked
for her boarding pass?") shares a few words with several of that conversation's turns: the
answer and the turns around it. A turn elsewhere that shares one rare word, or only a name,
scores as well on its own words. This is passage retrieval with document-level evidence: the
turns are the passages, the conversations the documents. The candidate turns are grouped into
conversations (turns told within `WITHIN` of the previous one, the context channel's reach in
time), each conversation scores the sum of its best `BEST` turns' episodes-channel scores, and
every candidate of a conversation (a turn, or the fact a turn's score went to) gains `WEIGHT`
times its conversation's share of the best conversation's score.

It only reorders the candidates the channels found (no further read) and adds to a record
only when its turn is a candidate turn, which the search reads before any other fact
(`search.paged`), so the paged answer's bound still holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import timedelta

from graph.domain.model import Episode

WEIGHT = 0.5
BEST = 3
WITHIN = timedelta(minutes=30)


def conversation_bonus(turns: Mapping[str, Episode], told: Mapping[str, float]) -> dict[str, float]:
    """The bonus of each candidate turn (by uuid): `WEIGHT` times its conversation's score
    over the best conversation's. `told`: each turn's episodes-channel score."""
    groups = conversations(turns.values())
    totals = [sum(sorted((told.get(u, 0.0) for u in g), reverse=True)[:BEST]) for g in groups]
    best = max(totals, default=0.0)
    if best <= 0:
        return {}
    shares = zip(groups, totals, strict=True)
    return {uuid: WEIGHT * total / best for group, total in shares for uuid in group}


def conversations(turns: Iterable[Episode]) -> list[list[str]]:
    """Turn uuids grouped into conversations: in observation order, a turn told more than
    `WITHIN` after the previous one starts the next."""
    groups: list[list[str]] = []
    last = None
    for episode in sorted(turns, key=lambda e: (e.valid_at, e.uuid)):
        if last is None or episode.valid_at - last > WITHIN:
            groups.append([])
        groups[-1].append(episode.uuid)
        last = episode.valid_at
    return groups
