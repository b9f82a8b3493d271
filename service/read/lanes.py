"""The search's channels: asked in one query where the store answers so
(`Capabilities.search_in_one_query`: Neo4j, where each query is a network round trip), else
run in concurrent lanes.

One query: the query is embedded first, then `StoreReads.search_channels` answers every channel
at once (`graph.search_reads`); its lists are the same, in the same order, as the lanes'. The
search then reads its candidates in the same transaction: a search on Neo4j is one read
transaction of two queries.

The channels are independent reads, and their costs are of different kinds: embedding the
query and the vector scan are numpy work, keyword searches wait on SQLite's FTS5 or on a
Neo4j round trip. Four lanes overlap them:

* a worker thread embeds the query and runs the vector channel;
* another runs the keyword and identifier channels;
* a third ranks the episodes (bm25 over every turn: at 100k turns as costly as the keyword
  channel, so apart from it the two overlap on two cores), then reads the turns around the
  best of them (the context channel: about 40 index seeks, off the critical path here);
* the calling thread looks up the entities the query names, then runs the graph and tag
  channels.

Each lane is its own read transaction (both backends allow concurrent readers), so channels
may see the store a few milliseconds apart; the search checks every fused record against the
time question again when it fetches it. The worker threads belong to one store (they hold its
per-thread SQLite connections) and end when the store is garbage collected.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import TypeVar
from weakref import WeakKeyDictionary

from graph.ports.search import ChannelAsk, ChannelHits
from graph.ports.store import Store, StoreReads
from service.embedding import Embedder
from service.read import channels
from service.read.channels import Channel, Question
from service.read.names import candidate_names, keyword_text, with_forms
from service.read.synonyms import SynonymTable

WORKERS = 3
T = TypeVar("T")

_pools: WeakKeyDictionary[Store, ThreadPoolExecutor] = WeakKeyDictionary()
_lock = threading.Lock()


def pool_for(store: Store) -> ThreadPoolExecutor:
    with _lock:
        pool = _pools.get(store)
        if pool is None:
            pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="palimpsest-search")
            _pools[store] = pool
        return pool


def gather(
    store: Store,
    embedder: Embedder,
    q: Question,
    table: SynonymTable,
    idents: list[str],
    then: Callable[[StoreReads, list[Channel]], T],
) -> T:
    """Every channel's ranked list (see `channels`), the context channel last, handed to `then`
    inside the read transaction of the last channels (so it can read the candidates there)."""
    if store.capabilities.search_in_one_query:
        ask = channel_ask(q, table, idents, embedder.embed([q.text])[0])
        return store.read(lambda tx: then(tx, listed(tx.search.channels(ask))))
    found = in_lanes(store, embedder, q, table, idents)
    return store.read(lambda tx: then(tx, found))


def channel_ask(
    q: Question, table: SynonymTable, idents: list[str], embedding: Sequence[float]
) -> ChannelAsk:
    """The channels of `in_lanes` and `channels.context` as one ask."""
    asked = with_forms(q.text)
    return ChannelAsk(
        group_id=q.group_id,
        text=asked,
        keywords=keyword_text(asked),
        now=q.now,
        time=q.time,
        limit=q.fetch,
        identifiers=tuple(channels.phrase(ident) for ident in idents),
        tag_terms=tuple(channels.tag_terms(q, table)),
        embedding=tuple(embedding),
        names=tuple(candidate_names(q.text)),
        speakers=q.speakers,
        seeds=channels.MAX_SEEDS,
        hops=channels.HOPS,
        context=channels.MAX_CONTEXT,
        within=channels.CONTEXT_WITHIN,
        reach=channels.CONTEXT_REACH,
    )


def listed(hits: ChannelHits) -> list[Channel]:
    """The hits as the lanes list them: keyword, episodes, identifiers, vector, graph, tags,
    then the context."""
    found: list[Channel] = [
        ("keyword", hits.keyword),
        ("episodes", hits.episodes),
        *(("identifier", ranked) for ranked in hits.identifiers),
        ("vector", hits.vector),
        *([("graph", hits.graph)] if hits.graph else []),
        *(("tags", ranked) for ranked in hits.tags),
    ]
    return found + channels.around(channels.best_episodes(found), hits.near)


def in_lanes(
    store: Store, embedder: Embedder, q: Question, table: SynonymTable, idents: list[str]
) -> list[Channel]:
    """Every channel, in four concurrent lanes; the context channel last."""
    pool = pool_for(store)
    asked = replace(q, text=with_forms(q.text))
    words = replace(q, text=keyword_text(asked.text))
    vector = pool.submit(_vector, store, embedder, q)
    keyword = pool.submit(
        store.read, lambda tx: (channels.keyword(tx, words), channels.exact(tx, q, idents))
    )
    told = pool.submit(store.read, lambda tx: _told(tx, asked))
    local = store.read(
        lambda tx: [*channels.graph(tx, q, channels.named(tx, q)), *channels.tags(tx, q, table)]
    )
    ranked, exact = keyword.result()
    turns, context = told.result()
    return [*ranked, *turns, *exact, *vector.result(), *local, *context]


def _told(tx: StoreReads, q: Question) -> tuple[list[Channel], list[Channel]]:
    """The episodes channel and the context channel around its best hits."""
    turns = channels.episodes(tx, q)
    return turns, channels.context(tx, q, turns)


def _vector(store: Store, embedder: Embedder, q: Question) -> list[Channel]:
    embedding = embedder.embed([q.text])[0]
    return store.read(lambda tx: channels.vector(tx, q, embedding))
