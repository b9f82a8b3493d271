"""What the read use cases work with: the store, the clock, the predicate table, the embedder
and the synonym table. The composition root (`service.bootstrap`) builds one `ReadDeps`; the
use cases take it as an argument and never import the root themselves (an import-linter
contract in pyproject.toml says who may)."""

from __future__ import annotations

from dataclasses import dataclass

from extractors.predicates import PredicateTable
from graph.domain.clock import Clock
from graph.ports.store import Store
from service.embedding import Embedder
from service.read.synonyms import SynonymTable


@dataclass(frozen=True)
class ReadDeps:
    store: Store
    clock: Clock
    table: PredicateTable
    embedder: Embedder
    synonyms: SynonymTable
