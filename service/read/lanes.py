"""The search's channels, run in concurrent lanes.

The channels are independent reads, and their costs are of different kinds: embedding the
query and the vector scan are numpy work, keyword searches wait on SQLite's FTS5 or on a
Neo4j round trip. Three lanes overlap them:

* a worker thread embeds the query and runs the vector channel;
* another runs the keyword and identifier channels;
* the calling thread looks up the entities the query names, then runs the graph and tag
  channels.

Each lane is its own read transaction (both backends allow concurrent readers), so channels
may see the store a few milliseconds apart; the search checks every fused record against the
time question again when it fetches it. The worker threads belong to one store (they hold its
per-thread SQLite connections) and end when the store is garbage collected.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from weakref import WeakKeyDictionary

from graph.ports import Store
from service.embedding import Embedder
from service.read import channels
from service.read.channels import Channel, Question
from service.read.names import keyword_text
from service.read.synonyms import SynonymTable

WORKERS = 2

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
    store: Store, embedder: Embedder, q: Question, table: SynonymTable, idents: list[str]
) -> list[Channel]:
    """Every channel's ranked list (see `channels`)."""
    pool = pool_for(store)
    words = replace(q, text=keyword_text(q.text))
    vector = pool.submit(_vector, store, embedder, q)
    keyword = pool.submit(
        store.read,
        lambda tx: [
            *channels.keyword(tx, words),
            *channels.episodes(tx, q),
            *channels.exact(tx, q, idents),
        ],
    )
    local = store.read(
        lambda tx: [*channels.graph(tx, q, channels.named(tx, q)), *channels.tags(tx, q, table)]
    )
    return [*keyword.result(), *vector.result(), *local]


def _vector(store: Store, embedder: Embedder, q: Question) -> list[Channel]:
    embedding = embedder.embed([q.text])[0]
    return store.read(lambda tx: channels.vector(tx, q, embedding))
