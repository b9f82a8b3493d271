"""The search's retrieval channels. Each returns ranked lists of record ids (best first).

* keyword     full-text over fact text, subject, predicate and value (CJK bigrams, identifiers)
* vector      cosine similarity of the query's embedding (computed once per search)
* graph       records one or two hops from the entities the query names
* tags        for each tag family the query mentions (the synonym table maps words in any
              language to families: see synonyms.toml), the newest records matching the
              family's tags, member words in every language or predicates
* episodes    turns as told, by bm25 over their stemmed words and speaker
* context     the two turns told just before and after each of the best episode hits
* identifier  for each Latin identifier in the query (RTX 4090, INV-2024-001), a phrase search;
              the search then keeps only records that contain it exactly (`contains`)

Every channel asks the store for records visible under the question's time (or every record,
with include_history), inside the tenant; the store filters both in the query itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from extractors.identifiers import find_identifiers
from graph.domain.timerules import TimeQuery
from graph.ports.search import Scored
from graph.ports.store import StoreReads
from service.read.names import candidate_names
from service.read.synonyms import SynonymTable

MAX_SEEDS = 8
MAX_FAMILIES = 3
MAX_IDENTIFIERS = 4
HOPS = 2
MAX_CONTEXT = 20
CONTEXT_WITHIN = timedelta(minutes=30)
CONTEXT_REACH = 2


@dataclass(frozen=True)
class Question:
    """One search as the channels see it."""

    group_id: str
    text: str
    time: TimeQuery | None
    """None: every record (include_history)."""
    now: datetime
    fetch: int
    """How many records each channel returns."""
    principals: tuple[str, ...] | None = None
    """The caller's principals (API keys on), or None: see `access.py`."""
    speakers: tuple[str, ...] = ()
    """Entity keys of the tenant's own speakers: nearly every record touches them, so they are
    never seeds of the graph walk (it would lead everywhere and so say nothing)."""


Channel = tuple[str, list[Scored]]


def keyword(tx: StoreReads, q: Question) -> list[Channel]:
    return [("keyword", tx.search.fulltext(q.group_id, q.text, q.fetch, q.time, q.now))]


def episodes(tx: StoreReads, q: Question) -> list[Channel]:
    """Turns as told, by bm25 over their stemmed words (and their speaker)."""
    return [("episodes", tx.search.episodes(q.group_id, q.text, q.fetch, q.time, q.now))]


def vector(tx: StoreReads, q: Question, embedding: Sequence[float]) -> list[Channel]:
    return [("vector", tx.search.vector(q.group_id, embedding, q.fetch, q.time, q.now))]


def context(tx: StoreReads, q: Question, found: Sequence[Channel]) -> list[Channel]:
    """The `CONTEXT_REACH` turns told just before and after each of the best episode hits
    (within `CONTEXT_WITHIN`), each scored by its neighbour's share of the best hit's bm25: an
    answer often sits in the reply to the turn that holds the question's words, or in the
    reply to that reply."""
    hits = best_episodes(found)
    if not hits:
        return []
    uuids = [hit.uuid for hit in hits]
    near = tx.search.neighbours(q.group_id, uuids, CONTEXT_WITHIN, CONTEXT_REACH)
    return around(hits, near)


def best_episodes(found: Sequence[Channel]) -> list[Scored]:
    """The best `MAX_CONTEXT` episode hits, or none when the best scores nothing."""
    hits = sorted(
        (hit for name, ranked in found if name == "episodes" for hit in ranked),
        key=lambda hit: -hit.score,
    )[:MAX_CONTEXT]
    return hits if hits and hits[0].score > 0 else []


def around(hits: Sequence[Scored], near: dict[str, list[str]]) -> list[Channel]:
    """The context channel: each turn around a hit at its hit's share of the best hit."""
    if not hits:
        return []
    scores: dict[str, float] = {}
    for hit in hits:
        for uuid in near.get(hit.uuid, []):
            scores[uuid] = max(scores.get(uuid, 0.0), hit.score / hits[0].score)
    return [("context", [Scored(uuid, score) for uuid, score in scores.items()])]


def named(tx: StoreReads, q: Question) -> list[str]:
    """Keys of the tenant's entities the query names (longest names first), speakers aside."""
    candidates = candidate_names(q.text)
    found = tx.entities.get(q.group_id, candidates)
    seeds = [name for name in candidates if name in found and name not in q.speakers]
    return seeds[:MAX_SEEDS]


def graph(tx: StoreReads, q: Question, seeds: Sequence[str]) -> list[Channel]:
    """Neighbourhood of the entities named in the query."""
    if not seeds:
        return []
    return [("graph", tx.search.neighbourhood(q.group_id, seeds, HOPS, q.fetch, q.time, q.now))]


def tags(tx: StoreReads, q: Question, table: SynonymTable) -> list[Channel]:
    """For each tag family the query mentions, the newest records matching any word of the
    whole family (its tags, member words in every language and predicates), minus the query's
    own words, which the keyword channel already ranks. A family is a topic, not a ranking:
    its words match a large share of a big store, and ranking every match would make the
    search cost grow with the store."""
    return [
        ("tags", tx.search.tagged(q.group_id, t, q.fetch, q.time, q.now))
        for t in tag_terms(q, table)
    ]


def tag_terms(q: Question, table: SynonymTable) -> list[str]:
    """The words of each tag family the query mentions (space separated), minus its own."""
    own = set(q.text.casefold().split())
    found = []
    for family in table.families_in(q.text)[:MAX_FAMILIES]:
        terms = [t for t in dict.fromkeys(family.terms()) if t.casefold() not in own]
        if terms:
            found.append(" ".join(terms))
    return found


def identifiers(q: Question) -> list[str]:
    """The Latin identifiers of the query (whole, as written)."""
    return [ident.text for ident in find_identifiers(q.text)][:MAX_IDENTIFIERS]


def exact(tx: StoreReads, q: Question, idents: Sequence[str]) -> list[Channel]:
    """A phrase search per identifier (its parts in order); `contains` then checks exactness."""
    return [
        ("identifier", tx.search.fulltext(q.group_id, phrase(ident), q.fetch, q.time, q.now))
        for ident in idents
    ]


def phrase(ident: str) -> str:
    """An identifier as a phrase search: its parts in order (RTX 4090 -> RTX-4090)."""
    return re.sub(r"\s+", "-", ident)


def contains(texts: Sequence[str], ident: str) -> bool:
    """Does one of the record's texts (a fact's value and text, an episode's words) hold
    `ident` whole (INV-2024-001 is not INV-2024-0011, and not INV-2024-002)? Case- and
    spacing-insensitive, ASCII word boundaries."""
    body = r"\s*".join(re.escape(part) for part in ident.split())
    pattern = re.compile(
        rf"(?<![A-Za-z0-9_])(?<![A-Za-z0-9]-){body}(?![A-Za-z0-9_]|-[A-Za-z0-9])", re.IGNORECASE
    )
    return any(pattern.search(text) for text in texts)
