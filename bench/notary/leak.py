"""Leak benchmark: does any credential reach a stored byte, and how much else gets masked?

Runs gitleaks' labelled examples (`bench/notary/cases.py`) through the real `add`, each string
as "Note: <string>", on four paths: sync, async (queued, then drained), batch and
`infer=false`, on each backend asked for: each path into its own SQLite file, and into a wiped
Neo4j database. Every table has a column per half of the data (split by rule id, see
`leakcases.half_of`: the dev half is what the rules were tuned on, the held-out half is only
measured). Prints, per format family:

* positives: the share of credentials found anywhere at rest (any 12 characters of the secret
  in what `add` returned, in a log line, and, on SQLite, in the database file or its WAL, which
  hold the records, the FTS index, the vectors' source text and the operation log; on Neo4j,
  in every property of every node and relationship, read back by a query), per path;
  the share of credential turns that left a value-free `shared_credential` record (sync);
* negatives: the share of near misses that were masked (false masking, sync path);
* beside them, in the same run, the notary alone and the baselines on the same strings:
  detect-secrets alone, and the notary of an older checkout with `--before PATH`.

The notary's cost (ordinary and adversarial messages, against an older checkout) is
bench/notary/cost.py's.

Usage: python -m bench.notary.leak [--backends sqlite,neo4j] [--neo4j-uri URI]
       [--before /tmp/notary-before] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bench.notary.cases import (
    HALVES,
    Case,
    detect_secrets_alone,
    leaked,
    leaked_each,
    load_cases,
    notary_of,
)
from bench.runner.stores import open_store
from extractors.notary.core import notarize
from graph.backends.sqlite import SqliteStore
from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.embedding import HashingEmbedder
from service.settings import Settings

PATHS = ("sync", "async", "batch", "infer=false")
SHARED = "shared_credential"


class Captured(logging.Handler):
    """Every log line written while the benchmark runs."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def _items(cases: list[Case], path: str) -> list[dict[str, Any]]:
    extra = {"infer": False} if path == "infer=false" else {}
    return [{"messages": c.message, "user_id": f"u{i}", **extra} for i, c in enumerate(cases)]


def _write(memory: Memory, path: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every item through one path; what `add` returned, per item, as JSON."""
    if path == "batch":
        answers: list[BaseModel] = list(memory.add_batch(items).results)
    elif path != "async":
        answers = [memory.add(**item) for item in items]
    else:
        queued = [memory.add(mode="async", **item) for item in items]
        memory.run_pending(limit=len(items) + 10)
        answers = [
            memory.get_operation(str(q.event_id), user_id=i["user_id"])
            for q, i in zip(queued, items, strict=True)
        ]
    return [answer.model_dump(mode="json") for answer in answers]


def _files(folder: Path) -> str:
    return b"".join(p.read_bytes() for p in sorted(folder.iterdir())).decode("latin-1")


def run_path(memory: Memory, path: str, cases: list[Case]) -> tuple[list[dict[str, Any]], str]:
    """(per-item outputs, everything written) for one path on `memory`."""
    outputs = _write(memory, path, _items(cases, path))
    return outputs, json.dumps(outputs, ensure_ascii=False)


def through_sqlite(
    path: str, cases: list[Case], logs: Captured
) -> tuple[list[dict[str, Any]], str]:
    """One path into a fresh SQLite file; the haystack is its bytes (before and after closing,
    so the WAL is read too), the outputs and the log lines."""
    with tempfile.TemporaryDirectory(prefix="palimpsest-leak-") as folder:
        memory = _memory(SqliteStore(Path(folder) / "leak.db"))
        outputs, written = run_path(memory, path, cases)
        live = _files(Path(folder))
        memory.close()
        return outputs, "\n".join((written, live, _files(Path(folder)), *logs.lines))


def through_neo4j(
    store: Store, path: str, cases: list[Case], logs: Captured
) -> tuple[list[dict[str, Any]], str]:
    """One path into a wiped Neo4j database; the haystack is every property of every node and
    relationship (`Maintenance.stored_text`), the outputs and the log lines."""
    store.maintenance().wipe()
    outputs, written = run_path(_memory(store), path, cases)
    stored = store.maintenance().stored_text()
    store.maintenance().wipe()
    return outputs, "\n".join((written, stored, *logs.lines))


def _memory(store: Store) -> Memory:
    return Memory(container=bootstrap(Settings(), store=store, embedder=HashingEmbedder()))


def recallable(output: dict[str, Any]) -> bool:
    return any(r.get("fact", {}).get("predicate") == SHARED for r in output.get("results", []))


def masked_any(output: dict[str, Any]) -> bool:
    return any(a["kind"] == "credential" for a in output.get("alerts", []))


# --- report ----------------------------------------------------------------------------------


def _rate(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}%" if total else "    -"


Table = dict[str, list[int]]
"""family (and "all") -> [hits, total]."""


def _tally(cases: list[Case], hits: list[bool]) -> Table:
    table: Table = defaultdict(lambda: [0, 0])
    for case, hit in zip(cases, hits, strict=True):
        for family in (case.family, "all"):
            table[family][0] += hit
            table[family][1] += 1
    return table


def halves(name: str, cases: list[Case], hits: list[bool]) -> dict[str, Table]:
    """One column per half of the data: `<name>/dev`, `<name>/held`."""
    return {
        f"{name}/{half[:4]}": _tally(
            [c for c in cases if c.half == half],
            [h for c, h in zip(cases, hits, strict=True) if c.half == half],
        )
        for half in HALVES
    }


def _size(columns: dict[str, Table], family: str, half: str) -> int:
    """How many cases of `family` the half's columns count."""
    counted = (c[family][1] for n, c in columns.items() if n.endswith(half[:4]) and family in c)
    return next(counted, 0)


def _print(title: str, columns: dict[str, Table]) -> None:
    """A table: a row per family, its size per half, a column per masker or path and half."""
    width = max(10, *(len(n) + 1 for n in columns))
    head = f"{'family':24} {'n dev/held':>10} " + " ".join(f"{n:>{width}}" for n in columns)
    print(f"\n{title}\n{head}")
    families = [*sorted({f for col in columns.values() for f in col} - {"all"}), "all"]
    for family in families:
        sizes = "/".join(str(_size(columns, family, half)) for half in HALVES)
        cells = " ".join(f"{_rate(*col.get(family, [0, 0])):>{width}}" for col in columns.values())
        print(f"{family:24} {sizes:>10} {cells}")


def notary_columns(cases: list[Case], maskers: dict[str, list[str]]) -> dict[str, Table]:
    """Per masker and half, the share of positives whose secret survives in the masked text."""
    columns: dict[str, Table] = {}
    for name, masked in maskers.items():
        hits = [leaked(c.secret, m) for c, m in zip(cases, masked, strict=True)]
        columns.update(halves(name, cases, hits))
    return columns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
    parser.add_argument("--backends", default="sqlite", help="sqlite, neo4j or both")
    parser.add_argument(
        "--neo4j-uri", default=os.environ.get("PALIMPSEST_NEO4J_URI", "bolt://127.0.0.1:7687")
    )
    parser.add_argument("--before", type=Path, help="a tree with an older extractors/ and graph/")
    parser.add_argument("--limit", type=int, default=0, help="at most this many cases per label")
    args = parser.parse_args()
    cases, unlabelled = load_cases()
    positives = [c for c in cases if c.positive]
    negatives = [c for c in cases if not c.positive]
    if args.limit:
        positives, negatives = positives[: args.limit], negatives[: args.limit]
    print(
        f"gitleaks examples: {len(positives)} positives, {len(negatives)} negatives "
        f"({unlabelled} positives without a secret the rule points at, left out); "
        f"rules split by id into halves {', '.join(HALVES)}"
    )
    logs = Captured()
    logging.getLogger().addHandler(logs)
    logging.getLogger().setLevel(logging.DEBUG)
    report_notary(positives, negatives, args.before)
    for backend in (b.strip() for b in args.backends.split(",") if b.strip()):
        with open_store(backend, args.neo4j_uri) as store:
            report_paths(backend, store, positives, negatives, logs)


def report_notary(positives: list[Case], negatives: list[Case], before: Path | None) -> None:
    """The notary alone (no storage) beside detect-secrets alone and an older notary."""
    texts = [c.message for c in positives + negatives]
    alone = detect_secrets_alone()
    maskers = {
        "notary": [notarize(t).text for t in texts],
        "detect-secrets": [alone(t) for t in texts],
    }
    if before is not None:
        maskers["before"] = notary_of(before, texts)
    cut = len(positives)
    _print(
        "credential left in the masked text (notary level; lower is better)",
        notary_columns(positives, {k: v[:cut] for k, v in maskers.items()}),
    )
    changed: dict[str, Table] = {}
    for name, masked in maskers.items():
        hits = [m != c.message for c, m in zip(negatives, masked[cut:], strict=True)]
        changed.update(halves(name, negatives, hits))
    _print("near misses masked (false masking; lower is better)", changed)


def report_paths(
    backend: str, store: Store, positives: list[Case], negatives: list[Case], logs: Captured
) -> None:
    """Every path of `add` on one backend: credentials at rest, value-free records, and the
    near misses masked."""
    leaks: dict[str, Table] = {}
    recall: dict[str, Table] = {}
    for path in PATHS:
        outputs, haystack = _through(backend, store, path, positives, logs)
        left = leaked_each([c.secret for c in positives], haystack)
        leaks.update(halves(path, positives, left))
        if path in ("sync", "infer=false"):
            recall.update(halves(path, positives, [recallable(o) for o in outputs]))
    _print(f"[{backend}] credential at rest after add (any stored byte, output or log)", leaks)
    _print(f"[{backend}] credential turns with a value-free shared_credential record", recall)
    outputs, _ = _through(backend, store, "sync", negatives, logs)
    masked = [masked_any(o) for o in outputs]
    _print(f"[{backend}] near misses masked through add (sync)", halves("sync", negatives, masked))


def _through(
    backend: str, store: Store, path: str, cases: list[Case], logs: Captured
) -> tuple[list[dict[str, Any]], str]:
    if backend == "sqlite":  # its own file per path, so the file's bytes are this path's
        return through_sqlite(path, cases, logs)
    return through_neo4j(store, path, cases, logs)


if __name__ == "__main__":
    main()
