"""A fixed corpus for comparing searches: one tenant's turns (episodes) and the facts read
from them, in English and Chinese, with identifiers, superseded records and conversations
whose turns follow each other (the context channel), all in our own words; and the search's
collaborators (`deps`) over any store, with a deterministic embedder."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from extractors.predicates import load_table
from graph.domain.clock import ManualClock
from graph.domain.model import Episode, Fact
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store, StoreTx
from service.embedding import HashingEmbedder
from service.read.deps import ReadDeps
from service.read.requests import SearchRequest
from service.read.search import search
from service.read.synonyms import parse_synonyms
from tests.builders import days, fact, link, supersede
from tests.conftest import T0

USER = "alice"
GROUP = TenantScope(user_id=USER).group_id
EMBEDDER = HashingEmbedder()

TURNS: list[tuple[str, str, str, str, str]] = [
    # (speaker, text, subject, predicate, value)
    ("alice", "I moved to Lisbon last spring", "alice", "lives_in", "Lisbon"),
    ("agent", "How do you like the tram rides up the hill?", "", "", ""),
    ("alice", "The old yellow tram is my favourite commute", "alice", "likes", "yellow tram"),
    ("alice", "My graphics card is an RTX 4090", "alice", "graphics_card", "RTX 4090"),
    ("alice", "我的显卡是RTX 4090，显存很大", "alice", "graphics_card", "RTX 4090"),
    ("alice", "Invoice INV-2024-001 was paid in March", "alice", "paid", "INV-2024-001"),
    ("alice", "Invoice INV-2024-002 is still open", "alice", "owes", "INV-2024-002"),
    ("alice", "I work at Northwind as a data engineer", "alice", "works_at", "Northwind"),
    ("alice", "Northwind is located in Porto", "northwind", "located_in", "Porto"),
    ("bob", "Bob Smith plays the cello on Sundays", "bob smith", "plays", "cello"),
    ("alice", "My sister Carla keeps three cats", "carla", "has", "three cats"),
    ("alice", "我住在北京的时候喜欢吃饺子", "alice", "likes", "饺子"),
    ("alice", "Carla adopted a fourth cat named Pixel", "carla", "adopted", "Pixel"),
    ("agent", "Pixel is a lovely name for a kitten", "", "", ""),
    ("alice", "I am allergic to peanuts", "alice", "allergy", "peanuts"),
    ("alice", "We hiked the Arrabida trail on the weekend", "alice", "visited", "Arrabida trail"),
]
MOVED_AWAY = ("alice", "I lived in Berlin before Lisbon", "alice", "lives_in", "Berlin")

QUESTIONS = [
    "where do I live now?",
    "what graphics card do I have?",
    "我的显卡是什么？",
    "INV-2024-001",
    "which invoices are open?",
    "tell me about Carla",
    "Bob Smith",
    "what does Carla's cat Pixel look like",
    "tram commute",
    "Northwind office city",
    "饺子",
    "peanuts allergy",
    "hiking trail",
    "nothing like this at all zzz",
]


def _id(*parts: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "/".join(parts)))


def episode_id(index: int) -> str:
    """The uuid of `TURNS[index]`'s episode."""
    return _id("episode", str(index))


def _turn(index: int, spec: tuple[str, str, str, str, str]) -> tuple[Episode, Fact | None]:
    speaker, text, subject, predicate, value = spec
    at = T0 - days(30) + timedelta(minutes=5 * index)
    episode = Episode(
        uuid=episode_id(index), group_id=GROUP, user_id=USER, content=text,
        speaker=speaker, valid_at=at, created_at=at, knowledge_time=at,
    )  # fmt: skip
    if not subject:
        return episode, None
    told = fact(
        GROUP, subject, predicate, value, valid_at=at, text=text, user_id=USER,
        embedding=EMBEDDER.embed([text])[0], episode_id=episode.uuid, episodes=(episode.uuid,),
    )  # fmt: skip
    return episode, told.model_copy(update={"uuid": _id("fact", str(index))})


def build(store: Store) -> None:
    """The corpus, written through the port; Berlin is superseded by Lisbon."""
    turns = [_turn(i, spec) for i, spec in enumerate(TURNS)]
    old_episode, old = _turn(-400, MOVED_AWAY)
    assert old is not None
    episodes = [old_episode, *(episode for episode, _ in turns)]
    facts = [old, *(told for _, told in turns if told is not None)]

    def work(tx: StoreTx) -> None:
        tx.episodes.record(episodes)
        linked = link(tx, facts)
        tx.facts.record(linked)
        supersede(tx, GROUP, linked[0], linked[1].uuid, linked[1].valid_at, T0)

    store.transaction(work)


SYNONYMS = parse_synonyms(
    {
        "families": {
            "home": {"tags": ["home", "住处"], "words": ["live", "lives", "address", "moved"]},
            "hardware": {
                "tags": ["hardware", "硬件"],
                "words": ["graphics card", "GPU", "显卡", "显存"],
                "predicates": ["graphics_card"],
            },
            "food": {"tags": ["food", "饮食"], "words": ["allergy", "allergic", "饺子"]},
            "work": {"tags": ["work", "工作"], "words": ["job", "office", "engineer"]},
        }
    }
)
"""The corpus's own tag families. The built-in table's also hold English stop words inside
phrases ("lives in") and single CJK characters (吃), which the two backends' full-text
analyzers treat differently (`Capabilities.fulltext_analyzer`); these hold neither."""


def deps(store: Store) -> ReadDeps:
    return ReadDeps(store, ManualClock(T0), load_table(), EMBEDDER, SYNONYMS)


def top(store: Store, q: str, **options: Any) -> list[tuple[str, float]]:
    """The search's top 10 as (id, score)."""
    request = SearchRequest(user_id=USER, q=q, limit=10, **options)
    return [(hit.id, hit.score) for hit in search(deps(store), request).results]
