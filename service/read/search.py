"""Hybrid recall over facts and episodes: keyword, episode, vector, graph and tag channels.

One search: validate the request, run every channel (`channels.py`; in one query or in
concurrent lanes: `lanes.py`; the query is embedded once) against the records visible to the
time question (current by default; `as_of`/`known_at` ask another question; `include_history`
takes every record), fuse the lists by weighted, per-channel normalised scores (`fusion.py`),
read the candidates' records (`StoreReads.search_records`: only as many as can change the
answer, `paged`), then keep the ones that pass
the filters, the time question and the caller's permissions, best first. On Neo4j a search is
two queries (the channels, then the turns and the best fact candidates' records) and a third
only when those leave the answer open (`answer`).

Results are facts (`kind: "fact"`) and episodes (`kind: "episode"`, a turn as told, shown when
no fact of it is already in the results: `told.py`). A record holding a Latin identifier
of the query exactly (INV-2024-001, RTX 4090) scores 1.0 more per identifier; a record spoken
by (or about) a speaker the question names scores `SPEAKER_BONUS` more, and `SAID_BY_BONUS`
more when the question asks what that person said or thought (`saying.py`: their turns come
first), and `SUBJECT_BONUS` more when the question makes them the subject of another verb
("How does Chandler congratulate Joey?": the answer is most often their own turn); a candidate
turn (or the fact its score went to) gains its conversation's share of the
question's words (`conversations.py`).

Each fact result carries the record's `verify_status`, `disputed` and `superseded_by` (also
inside `fact`), and the channels that found it. A question that asks when puts the facts whose
time was said in words first (`when.py`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from extractors.notary.core import notarize
from graph.domain.errors import InvalidInput
from graph.domain.model import Episode, Fact
from graph.domain.signature import entity_key
from graph.domain.timeargs import time_query
from graph.domain.timerules import visible
from graph.ports.facts import FactFilter
from graph.ports.search import SearchRecords
from graph.ports.store import StoreReads
from service.read import channels, evidence
from service.read.access import Principals, readable_among
from service.read.answers import EpisodeHitOut, SearchHitOut, SearchOut
from service.read.byname import by_name_alone
from service.read.channels import Question
from service.read.conversations import conversation_bonus
from service.read.deps import ReadDeps
from service.read.episodes import episode_view
from service.read.fusion import EPISODES, Fused, evidenced, fuse
from service.read.lanes import gather
from service.read.questions import fact_filter, matches
from service.read.requests import SearchRequest
from service.read.saying import said_by, subject_of
from service.read.told import Told, shown, told_excluded
from service.read.when import WHEN_BONUS, asks_when, dated, its_time_first, when_bonus
from service.views import FactOut

MIN_FETCH = 30
AHEAD = 3
MAX_FETCH = 300
EXACT_BONUS = 1.0
SPEAKER_BONUS = 0.1
SAID_BY_BONUS = 1.0
SUBJECT_BONUS = 0.3
"""FriendsQA's dev half, one store: 0.2-0.4 all lift recall@10 0.634 -> 0.636-0.642, the answer
in the top 10 0.705 -> 0.716-0.722, multi-hop 0.450 -> 0.467 (docs/read.md). It goes only to
records of candidate turns (the only ones whose speaker is known), which `paged` reads first,
so `bonus_bound` need not count it."""
_NAME_PART = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Found:
    record: Fact | Episode
    score: float
    channels: tuple[str, ...]
    turn: Episode | None = None
    """A fact's source turn, as shown with it."""


def search(deps: ReadDeps, request: SearchRequest, principals: Principals = None) -> SearchOut:
    """`{"results": [{"id", "kind", "memory", "score", "fact" | "episode", ...}]}`, best
    first; only records the caller's principals may read (`access.py`)."""
    if request.include_history and (request.as_of is not None or request.known_at is not None):
        raise InvalidInput(
            "include_history returns every record; it cannot be combined with as_of or known_at",
            field="include_history",
        )
    flt = fact_filter(request, deps.table)
    question = Question(
        group_id=request.tenant().group_id,
        text=notarize(request.q).text.strip(),  # a secret in a query goes no further
        time=None if request.include_history else time_query(request.as_of, request.known_at),
        now=deps.clock.now(),
        fetch=fetch_size(request.limit, flt),
        principals=principals,
        speakers=speakers(request),
    )
    idents = channels.identifiers(question)
    at_once = deps.store.capabilities.search_in_one_query
    found = gather(
        deps.store,
        deps.embedder,
        question,
        deps.synonyms,
        idents,
        lambda tx, lists: answer(
            tx, Asked(question, idents, flt, request.limit), evidenced(lists, fuse(lists)), at_once
        ),
    )
    return SearchOut.model_construct(results=[hit(item) for item in found])


def _with_turns(
    tx: StoreReads, q: Question, found: list[Found], records: SearchRecords
) -> list[Found]:
    """Each fact hit with the turn it was read from (`evidence.py`)."""
    facts = [item.record for item in found if isinstance(item.record, Fact)]
    known = [*records.episodes, *records.sources]
    shown = evidence.turns(tx, q.group_id, facts, known, q.principals)
    return [replace(item, turn=shown.get(item.record.uuid)) for item in found]


@dataclass(frozen=True)
class Asked:
    """What the answer is selected for: the question, its identifiers, filters and limit."""

    q: Question
    idents: list[str]
    flt: FactFilter
    limit: int


def answer(tx: StoreReads, asked: Asked, fused: list[Fused], at_once: bool) -> list[Found]:
    """The best `limit` results, reading only the candidates that can change the answer
    (`paged`). Where each read is a network round trip (Neo4j) the best `AHEAD` times `limit`
    fact candidates are read with the turns, which usually settles the answer, and else every
    other candidate in one more read: at most two reads."""
    if at_once:
        found, records = paged(tx, asked, fused, AHEAD * asked.limit, len(fused))
    else:
        found, records = paged(tx, asked, fused, 0, asked.limit)
    return _with_turns(tx, asked.q, found, records)


def paged(
    tx: StoreReads, asked: Asked, fused: list[Fused], ahead: int, size: int
) -> tuple[list[Found], SearchRecords]:
    """`answer` reading the fact candidates page by page (`size`, then twice as many...),
    best fused score first, until no unread one can enter the answer: the same answer as
    reading them all.

    The episodes and every record read from them come first (with the best `ahead` fact
    candidates): a turn's score goes to its best fact among the candidates (`select`), so
    those facts are read with them. Any other fact's score is its fused score plus at most
    `bonus_bound`, so once the `limit`-th result scores more than the next unread candidate's
    fused score plus that bound, none can enter. A search for "Where was <name> born?" read
    about 120 fact candidates (graph and tag neighbours mostly) to show 10."""
    q, flt, limit = asked.q, asked.flt, asked.limit
    records, page, rest = _told_first(tx, asked, fused, ahead)
    bound, read = bonus_bound(q.text, asked.idents), 0
    found = [] if page else select(records, q, fused, asked.idents, flt, limit)
    while page or not _settled(found, rest, read, limit, bound):
        page += [e.uuid for e in rest[read : read + size]]
        read = min(len(rest), read + size)
        got = tx.search.records(q.group_id, page, [], sources=True)
        records = replace(
            records, facts=records.facts + got.facts, sources=records.sources + got.sources
        )
        found = select(records, q, fused, asked.idents, flt, limit)
        page, size = [], size * 2
    return found, records


def _settled(found: list[Found], rest: list[Fused], read: int, limit: int, bound: float) -> bool:
    """No unread candidate (`rest[read:]`, best first) can enter the answer."""
    return read == len(rest) or (len(found) == limit and found[-1].score > rest[read].score + bound)


def _told_first(
    tx: StoreReads, asked: Asked, fused: list[Fused], ahead: int
) -> tuple[SearchRecords, list[str], list[Fused]]:
    """The candidate episodes with every record read from them, and the best `ahead` fact
    candidates; the fact candidates among the told records still to read (for their sources'
    permissions); the other fact candidates, best first."""
    q = asked.q
    episodes = episode_candidates(fused, asked.flt)
    facts = [e for e in fused if e.kind == "fact"]
    early = {e.uuid for e in facts[:ahead]}
    records = tx.search.records(q.group_id, [e.uuid for e in facts[:ahead]], episodes, sources=True)
    told = {fact.uuid: fact for fact in records.told}
    known = [told[e.uuid] for e in facts if e.uuid in told and e.uuid not in early]
    rest = [e for e in facts[ahead:] if e.uuid not in told]
    if q.principals is None:  # no permissions to read: the told records are the candidates'
        return replace(records, facts=records.facts + known), [], rest
    return records, [fact.uuid for fact in known], rest


def episode_candidates(fused: list[Fused], flt: FactFilter) -> list[str]:
    """The fused candidates that are turns, unless the filter leaves turns out."""
    return [] if told_excluded(flt) else [e.uuid for e in fused if e.kind == "episode"]


def bonus_bound(text: str, idents: Sequence[str]) -> float:
    """The most `_found` can add to a record's fused score."""
    when = WHEN_BONUS if asks_when(text) else 0.0
    said = SAID_BY_BONUS if said_by(text) else 0.0
    return EXACT_BONUS * len(idents) + (SPEAKER_BONUS if _named(text) else 0.0) + when + said


def speakers(request: SearchRequest) -> tuple[str, ...]:
    """The entity keys the write path gives the tenant's speakers (user, agent, assistant)."""
    names = (request.user_id, request.agent_id, request.run_id, "assistant")
    return tuple(dict.fromkeys(entity_key(name) for name in names if name))


def fetch_size(limit: int, flt: FactFilter) -> int:
    """Records per channel: a few times the answer, more when filters will drop some."""
    narrowing = flt != FactFilter()
    return min(MAX_FETCH, max(MIN_FETCH, limit * 3) * (3 if narrowing else 1))


def select(
    records: SearchRecords,
    q: Question,
    fused: list[Fused],
    idents: Sequence[str],
    flt: FactFilter,
    limit: int,
) -> list[Found]:
    """The best `limit` candidates that pass the filters, the time question and the
    permissions; a shown episode's score goes to its best fact among the candidates (a turn
    found by a name alone keeps half of its own: `byname.py`)."""
    facts = _facts(records, q, flt)
    told = shown(records, q, flt)
    fused = by_name_alone(fused, {u: t.episode for u, t in told.items()}, q.text, _named(q.text))
    when = asks_when(q.text)
    scores = {e.uuid: (e.score, list(e.channels)) for e in fused if e.uuid in facts}
    owner = {fact: told_id for told_id, t in told.items() for fact in t.facts}
    kept_episodes: dict[str, tuple[float, list[str]]] = {}
    for entry in fused:
        if entry.uuid not in told:
            continue
        mine = [u for u in told[entry.uuid].facts if u in scores and owner.get(u) == entry.uuid]
        if mine:
            best = max(mine, key=lambda u: (when and dated(facts[u]), scores[u][0]))
            scores[best] = (scores[best][0] + entry.score, [*scores[best][1], EPISODES])
        else:
            kept_episodes[entry.uuid] = (entry.score, list(entry.channels))
    named = Named(_named(q.text), said_by(q.text), subject_of(q.text))
    spoken = {fact: told[episode].episode.speaker for fact, episode in owner.items()}
    found = [
        _found(facts[u], s + when_bonus(facts[u], when), c, idents, named, spoken.get(u, ""))
        for u, (s, c) in scores.items()
    ]
    found += [
        _found(told[u].episode, s, c, idents, named, told[u].episode.speaker)
        for u, (s, c) in kept_episodes.items()
    ]
    found = _in_conversation(found, told, owner, fused)
    found.sort(key=lambda item: (-item.score, item.record.uuid))
    found = its_time_first(q.text, found, lambda item: item.record, _lifted)
    return found[:limit]


def _in_conversation(
    found: list[Found], told: dict[str, Told], owner: dict[str, str], fused: list[Fused]
) -> list[Found]:
    """Each candidate with its conversation's evidence (`conversations.py`): a turn, or the
    fact its turn's score went to."""
    words = {entry.uuid: entry.told for entry in fused if entry.uuid in told}
    bonus = conversation_bonus({u: t.episode for u, t in told.items()}, words)
    return [
        replace(item, score=item.score + bonus.get(owner.get(uid, uid), 0.0))
        for item, uid in ((item, item.record.uuid) for item in found)
    ]


def _lifted(item: Found, above: Found) -> Found:
    """`item` scored just over `above` (a when-question's dated answer: `when.py`)."""
    return replace(item, score=above.score + 1e-6)


def _facts(records: SearchRecords, q: Question, flt: FactFilter) -> dict[str, Fact]:
    fetched = readable_among(records.facts, records.sources, q.principals)
    return {fact.uuid: fact for fact in fetched if _eligible(fact, q, flt)}


def _eligible(fact: Fact, q: Question, flt: FactFilter) -> bool:
    return (q.time is None or visible(fact, q.time, q.now)) and matches(fact, flt)


@dataclass(frozen=True)
class Named:
    """The names a question holds, and those it asks what they said."""

    any: set[str]
    said: set[str]
    subject: set[str]


def _named(text: str) -> set[str]:
    """The capitalised words of the question (names), case-folded."""
    return {word.casefold() for word in _NAME_PART.findall(text) if word[0].isupper()}


def _found(
    record: Fact | Episode,
    score: float,
    found_by: list[str],
    idents: Sequence[str],
    named: Named,
    speaker: str,
) -> Found:
    """The record with its bonuses: identifiers it holds, a name of the question it is by or
    about, and being said by the person the question asks about, or makes the subject of its
    verb (`speaker`: its turn's)."""
    texts = (record.value, record.fact) if isinstance(record, Fact) else (record.content,)
    bonus = sum(EXACT_BONUS for ident in idents if channels.contains(texts, ident))
    who = record.subject if isinstance(record, Fact) else record.speaker
    if named.any.intersection(_parts(who)):
        bonus += SPEAKER_BONUS
    if named.said.intersection(_parts(speaker)):
        bonus += SAID_BY_BONUS
    elif named.subject.intersection(_parts(speaker)):
        bonus += SUBJECT_BONUS
    return Found(record, score + bonus, tuple(found_by))


def _parts(name: str) -> set[str]:
    return {part.casefold() for part in _NAME_PART.findall(name)}


def hit(item: Found) -> SearchHitOut:
    record = item.record
    if isinstance(record, Episode):
        return episode_hit(record, item.score, item.channels)
    return SearchHitOut.model_construct(
        id=record.uuid,
        kind="fact",
        memory=record.fact,
        score=round(item.score, 6),
        verify_status=record.verify_status.value,
        disputed=record.disputed,
        superseded_by=record.superseded_by,
        channels=list(item.channels),
        fact=FactOut.of(record),
        episode=None if item.turn is None else turn_view(item.turn),
    )


def episode_hit(episode: Episode, score: float, found_by: Sequence[str]) -> SearchHitOut:
    return SearchHitOut.model_construct(
        id=episode.uuid,
        kind="episode",
        memory=episode.content or " ".join(episode.media_refs),
        score=round(score, 6),
        verify_status=None,
        disputed=None,
        superseded_by=None,
        channels=list(found_by),
        fact=None,
        episode=turn_view(episode),
    )


def turn_view(episode: Episode) -> EpisodeHitOut:
    """A turn as a hit shows it: an episode hit's own, a fact hit's source."""
    return EpisodeHitOut.model_construct(
        **dict(episode_view(episode)),
        role=episode.role.value,
        created_at=episode.created_at.isoformat(),
        media_refs=list(episode.media_refs),
    )
