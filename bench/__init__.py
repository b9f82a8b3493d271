"""The benchmarks, one package per subject, each printing its numbers beside the strongest simple
baseline measured in the same run; `bench.runner` holds what they share (options, timing, a
store to measure, synthetic facts) and `bench/data/` the manifests of the public data sets.

`python -m bench.<subject>` runs a subject's main benchmark (its `__main__.py`), `python -m
bench.<subject>.<module>` another one (docs/*.md name each where its numbers are reported).

The commands of the flat layout before (`python -m bench.when_timex`, ...) still run: `MOVED`
names the module each one is now, and a finder hands `python -m` that module's file.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType

MOVED = {
    "about_driver": "bench.about.driver",
    "asof": "bench.read.asof",
    "conflicts": "bench.write.conflicts",
    "embeddedrecall": "bench.scale.embedded_recall",
    "extract_cost": "bench.write.extract_cost",
    "fetch_data": "bench.data",
    "leak": "bench.notary.leak",
    "neo4jbatch": "bench.store.neo4j_batch",
    "notary_bench": "bench.notary",
    "notary_cost": "bench.notary.cost",
    "relations": "bench.recall.relations",
    "scale_out": "bench.load.scale_out",
    "scaleimport": "bench.scale.importer",
    "scaleprobe": "bench.scale.probe",
    "vectors": "bench.store.vectors",
    "verbatim": "bench.write.verbatim",
    "warmup": "bench.store.warmup",
    "when_timex": "bench.when.timex",
}
"""Old command (`python -m bench.<key>`) -> the module it runs now (a package runs its
`__main__`)."""


def moved_file(old: str) -> str | None:
    """The file `python -m bench.<old>` runs now (None: not an old command)."""
    target = MOVED.get(old)
    spec = importlib.util.find_spec(target) if target else None
    if spec is not None and spec.submodule_search_locations is not None:
        spec = importlib.util.find_spec(f"{target}.__main__")
    return spec.origin if spec is not None else None


class _Moved(MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        package, _, old = fullname.rpartition(".")
        origin = moved_file(old) if package == __name__ else None
        return importlib.util.spec_from_file_location(fullname, origin) if origin else None


sys.meta_path.append(_Moved())
