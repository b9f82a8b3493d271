"""The scale benchmark's Neo4j store: tenant `GROUP` of the database at the run's URI.

Neo4j's full-text and vector indexes span every tenant of a database (the tenant is a filter
on their answers), so a smaller size kept beside a larger one in another tenant would be
searched through the larger one's index entries. One database therefore holds one size at a
time. With one URI, the tenant is grown from size to size in the run's order (10k, then 100k:
the records are a prefix), and a run asking a size smaller than the tenant holds drops the
tenant and builds it again. With a URI per size (`10000=bolt://host:7703,100000=bolt://...`;
sizes not listed use the first URI), each size keeps its own server, as the embedded store
keeps one file per size, and every size stays cached. How
many records the tenant holds is read from the database itself (records are loaded in order,
one transaction per chunk, so the loaded ones are a prefix: a binary search over their ids),
so a wiped database is simply rebuilt.

Baselines: `full_bm25` is the full-text index's unbounded top-1 (Lucene's BM25) for the same
Lucene query the search's keyword channel asks; `exact_vectors` is an exact cosine scan, in
numpy, of every stored fact embedding: of the data folder's generated vectors when a sample of
the stored ones equals them (plus the facts the benchmark's writes added, read by their
creation time), otherwise of the stored ones read in pages.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import timedelta
from functools import cached_property
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.runner.synth import NOW
from bench.scale.base import GROUP, merge_nearest, neighbours
from bench.scale.corpus import ScaleSynth, Vectors
from graph.backends.neo4j.maintenance import Neo4jMaintenance
from graph.backends.neo4j.search import lucene_query
from graph.backends.neo4j.store import Neo4jStore
from graph.ports.search import Scored
from graph.ports.store import Store

URI_VARIABLE = "PALIMPSEST_NEO4J_URI"
PAGE = 5_000
BLOCK = 20_000


def neo4j_uri() -> str:
    return os.environ.get(URI_VARIABLE, "bolt://127.0.0.1:7687")


class Neo4jScale:
    """The scale benchmark's tenant in one Neo4j database (see the module's docstring)."""

    name = "neo4j"

    def __init__(self, uri: str, folder: Path | None = None) -> None:
        self.folder = folder
        self.uris: dict[int, str] = {}
        for item in uri.split(","):
            size, _, at = item.strip().rpartition("=")
            self.uris[int(size) if size else 0] = at
        self.default = next(iter(self.uris.values()))

    @cached_property
    def synth(self) -> ScaleSynth:
        return ScaleSynth(GROUP)

    def _store(self, size: int) -> Neo4jStore:
        uri = self.uris.get(size, self.default)
        return Neo4jStore(uri, password=os.environ.get("PALIMPSEST_NEO4J_PASSWORD"))

    @contextmanager
    def opened(self, size: int) -> Iterator[Store]:
        with closing(self._store(size)) as store:
            if self._holds(store, size):  # record number `size`: more than this size
                print(f"neo4j   dropping the tenant (more than {size:,} records) to rebuild it",
                      flush=True)  # fmt: skip
                store.maintenance().drop_group(GROUP)
            yield store

    def held(self, size: int) -> int:
        """The loaded prefix, up to `size` records."""
        with closing(self._store(size)) as store:
            if self._holds(store, size - 1):
                return size
            low, high = 0, size - 1  # records below `low` are loaded, `high` is not
            while low < high:
                middle = (low + high) // 2
                if self._holds(store, middle):
                    low = middle + 1
                else:
                    high = middle
            return low

    def _holds(self, store: Store, number: int) -> bool:
        uuid = self.synth.fact_uuid(number)
        return bool(store.read(lambda tx: tx.facts.get(GROUP, [uuid])))

    def mark(self, size: int, records: int) -> None:
        """Nothing to keep: the database says what it holds (`held`)."""

    def _maintenance(self, size: int) -> tuple[Neo4jStore, Neo4jMaintenance]:
        store = self._store(size)
        return store, store.maintenance()

    def full_bm25(self, size: int, question: str) -> str | None:
        lucene = lucene_query(GROUP, question)
        if lucene is None:
            return None
        store, maintenance = self._maintenance(size)
        with closing(store):
            return maintenance.fulltext_top(GROUP, lucene)

    def exact_vectors(
        self, size: int, queries: npt.NDArray[np.float32], k: int
    ) -> list[list[Scored]] | None:
        unit = queries / np.linalg.norm(queries, axis=1, keepdims=True)
        best: list[list[tuple[float, str]]] = [[] for _ in range(len(unit))]
        store, maintenance = self._maintenance(size)
        with closing(store):
            found = self._generated(store, maintenance, size)
            if found is None:
                after = ""
                while page := maintenance.fact_vectors(GROUP, after, PAGE):
                    merge_page(best, page, unit, k)
                    after = page[-1][0]
                return neighbours(best)
            generated, uuids = found
            for low in range(0, size, BLOCK):
                high = min(size, low + BLOCK)
                merge_nearest(best, uuids[low:high], generated.rows(low, high), unit, k)
            if written := maintenance.fact_vectors_since(GROUP, NOW - timedelta(days=1)):
                merge_page(best, written, unit, k)
        return neighbours(best)

    def _generated(
        self, store: Store, maintenance: Neo4jMaintenance, size: int
    ) -> tuple[Vectors, list[str]] | None:
        """The data folder's generated vectors and the uuids of their facts, when the tenant
        holds all `size` records and a page of its stored vectors equals their rows: scanning
        them in numpy takes about a minute at 1M, paging the stored ones through Bolt twelve.
        None otherwise."""
        if self.folder is None or not self._holds(store, size - 1):
            return None
        uuids = [self.synth.fact_uuid(n) for n in range(size)]
        numbers = {u: n for n, u in enumerate(uuids)}
        sample = [
            (numbers[u], v) for u, v in maintenance.fact_vectors(GROUP, "", 50) if u in numbers
        ]
        for path in sorted(self.folder.glob("vectors-*.f32")):
            vectors = Vectors(self.folder, real=int(path.stem.partition("-")[2]))
            if sample and all(
                np.allclose(vectors.rows(n, n + 1)[0], stored, atol=1e-6) for n, stored in sample
            ):
                return vectors, uuids
        return None


def merge_page(
    best: list[list[tuple[float, str]]],
    page: list[tuple[str, list[float]]],
    unit: npt.NDArray[np.float32],
    k: int,
) -> None:
    block = np.asarray([vector for _, vector in page], dtype=np.float32)
    merge_nearest(best, [uuid for uuid, _ in page], block, unit, k)
