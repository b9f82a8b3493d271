"""How alike two values' names are, by the service's encoder: the input the judge needs to hold
a possible alias for review (graph/domain/judge.py, `Policy.alias_similarity`).

Asked only when a statement would replace the current value of a single-valued predicate
with a value the alias table does not know as the same (`alias_questions`), named in another
script (`scripts_apart`): one encoder call of two short names, rarely; each name's vector is
kept (a bounded cache), so a value seen before costs nothing. The domain never calls the
encoder: it receives the similarity.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from threading import Lock

import numpy as np

from graph.domain.model import Fact
from service.embedding import Embedder, Vector

CACHED_NAMES = 4096
ALIAS_SIMILARITY = 0.87
"""How alike (the encoder's cosine) a new value's name, in another script, must be to the
current one's to be held for review by default: the threshold of precision 0.95 on the dev
split's pairs in different scripts of `python -m bench.aliases` (0.870). Measured on the
multilingual USE encoder."""


@lru_cache(maxsize=CACHED_NAMES)
def scripts(name: str) -> frozenset[str]:
    """The writing systems of a name's letters (LATIN, CJK, CYRILLIC, HANGUL, ...). Kept per
    name (a bounded cache): every statement that would replace a value asks it of both
    names, letter by letter, and the same values come back in every chunk."""
    return frozenset(unicodedata.name(c, "?").split()[0] for c in name if c.isalpha())


def scripts_apart(a: str, b: str) -> bool:
    """Are the two names written in different scripts, with no letter's script in common
    (Shanghai / 上海, Moscow / 莫斯科)? Only such pairs are asked: in one script, near names
    are as often different things (parties, colleges, "Company A" / "Company B") and the
    encoder does no better there than comparing the letters (bench.aliases)."""
    x, y = scripts(a), scripts(b)
    return bool(x) and bool(y) and x.isdisjoint(y)


class NameLikeness:
    """The cosine of two names' vectors (the encoder's unit vectors), per pair of records.
    Only names in different scripts (`scripts_apart`) are compared; others are never held."""

    def __init__(self, embedder: Embedder, threshold: float | None) -> None:
        self.embedder, self.threshold = embedder, threshold
        self._vectors: OrderedDict[str, Vector] = OrderedDict()
        self._lock = Lock()

    def of(self, fact: Fact, records: Sequence[Fact]) -> dict[str, float]:
        """Record uuid -> how alike its value's name is to `fact`'s (one encoder call for the
        names not seen lately)."""
        records = [r for r in records if scripts_apart(fact.value, r.value)]
        if not records:
            return {}
        vectors = self._vectors_of([fact.value, *(r.value for r in records)])
        mine = np.asarray(vectors[fact.value], dtype=np.float32)
        return {
            r.uuid: float(mine @ np.asarray(vectors[r.value], dtype=np.float32)) for r in records
        }

    def _vectors_of(self, names: Sequence[str]) -> dict[str, Vector]:
        with self._lock:
            known = {n: self._vectors[n] for n in names if n in self._vectors}
        missing = [n for n in dict.fromkeys(names) if n not in known]
        if missing:
            known.update(zip(missing, self.embedder.embed(missing), strict=True))
        with self._lock:
            for name in names:
                self._vectors[name] = known[name]
                self._vectors.move_to_end(name)
            while len(self._vectors) > CACHED_NAMES:
                self._vectors.popitem(last=False)
        return known
