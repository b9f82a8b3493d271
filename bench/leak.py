"""Leak benchmark: does any credential reach a stored byte, and how much else gets masked?

Runs gitleaks' labelled examples (`bench/leakcases.py`) through the real `add` on the embedded
store, each string as "Note: <string>", on four paths: sync, async (queued, then drained),
batch and `infer=false`, each path into its own SQLite file. Prints, per format family:

* positives: the share of credentials found anywhere at rest (any 12 characters of the secret
  in the database file or its WAL, which hold the records, the FTS index, the vectors' source
  text and the operation log, in what `add` returned, or in a log line), per path;
  the share of credential turns that left a value-free `shared_credential` record (sync);
* negatives: the share of near misses that were masked (false masking, sync path);
* beside them, in the same run, the notary alone and the baselines on the same strings:
  detect-secrets alone, and the notary of an older checkout with `--before PATH`;
* notary cost per message over bench/write.py's 2,000 messages, and the ratio to `--before`.

Usage: python -m bench.leak [--before /tmp/notary-before] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.leakcases import (
    Case,
    detect_secrets_alone,
    leaked,
    load_cases,
    notary_of,
    seconds_over,
)
from bench.write import messages
from extractors.notary.core import notarize
from graph.backends.sqlite import SqliteStore
from service.bootstrap import bootstrap
from service.embedding import HashingEmbedder
from service.memory import Memory
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
    """Every item through one path; what `add` returned, per item."""
    if path == "batch":
        return list(memory.add_batch(items)["results"])
    if path != "async":
        return [memory.add(**item) for item in items]
    queued = [memory.add(mode="async", **item) for item in items]
    memory.run_pending(limit=len(items) + 10)
    return [
        memory.get_operation(q["event_id"], user_id=i["user_id"])
        for q, i in zip(queued, items, strict=True)
    ]


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
        store = SqliteStore(Path(folder) / "leak.db")
        memory = Memory(container=bootstrap(Settings(), store=store, embedder=HashingEmbedder()))
        outputs, written = run_path(memory, path, cases)
        live = _files(Path(folder))
        memory.close()
        return outputs, "\n".join((written, live, _files(Path(folder)), *logs.lines))


def recallable(output: dict[str, Any]) -> bool:
    return any(r.get("fact", {}).get("predicate") == SHARED for r in output.get("results", []))


def masked_any(output: dict[str, Any]) -> bool:
    return any(a["kind"] == "credential" for a in output.get("alerts", []))


# --- report ----------------------------------------------------------------------------------


def _rate(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}%" if total else "    -"


def _tally(cases: list[Case], hits: list[bool]) -> dict[str, list[int]]:
    """family -> [hits, total] (and "all")."""
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for case, hit in zip(cases, hits, strict=True):
        for family in (case.family, "all"):
            table[family][0] += hit
            table[family][1] += 1
    return table


def _print(title: str, columns: dict[str, dict[str, list[int]]]) -> None:
    names = list(columns)
    print(f"\n{title}\n{'family':24} {'n':>4} " + " ".join(f"{n:>14}" for n in names))
    families = [*sorted({f for col in columns.values() for f in col} - {"all"}), "all"]
    for family in families:
        total = next(iter(columns.values())).get(family, [0, 0])[1]
        cells = " ".join(f"{_rate(*col.get(family, [0, 0])):>14}" for col in columns.values())
        print(f"{family:24} {total:>4} {cells}")


def notary_columns(
    cases: list[Case], maskers: dict[str, list[str]]
) -> dict[str, dict[str, list[int]]]:
    """Per masker, the share of positives whose secret survives in the masked text."""
    return {
        name: _tally(cases, [leaked(c.secret, m) for c, m in zip(cases, masked, strict=True)])
        for name, masked in maskers.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
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
        f"({unlabelled} positives without a secret the rule points at, left out)"
    )
    logs = Captured()
    logging.getLogger().addHandler(logs)
    logging.getLogger().setLevel(logging.DEBUG)
    report_notary(positives, negatives, args.before)
    report_paths(positives, negatives, logs)


def report_notary(positives: list[Case], negatives: list[Case], before: Path | None) -> None:
    texts = [c.message for c in positives + negatives]
    ours = [notarize(t).text for t in texts]
    alone = detect_secrets_alone()
    maskers = {"notary": ours, "detect-secrets": [alone(t) for t in texts]}
    corpus = messages(2000)
    cost = {"notary": seconds_over(notarize, corpus), "detect-secrets": seconds_over(alone, corpus)}
    if before is not None:
        maskers["notary before"], cost["notary before"], cost["notary"] = _both(before, texts)
    cut = len(positives)
    _print(
        "credential left in the masked text (notary level; lower is better)",
        notary_columns(positives, {k: v[:cut] for k, v in maskers.items()}),
    )
    changed = {
        name: _tally(
            negatives, [m != c.message for c, m in zip(negatives, masked[cut:], strict=True)]
        )
        for name, masked in maskers.items()
    }
    _print("near misses masked (false masking; lower is better)", changed)
    print("\nnotary cost per message over bench/write.py's 2,000 messages:")
    for name, seconds in cost.items():
        print(f"  {name:16} {seconds / len(corpus) * 1e6:8.1f} us")
    if before is not None:
        print(f"  ratio notary / notary before: {cost['notary'] / cost['notary before']:.2f}x")


ROUNDS = 3
HERE = Path(__file__).resolve().parents[1]


def _both(before: Path, texts: list[str]) -> tuple[list[str], float, float]:
    """The older notary's output, and both notaries' cost: each in a fresh process of its
    own, alternating `ROUNDS` times, the fastest round of each (a busy machine only ever
    slows a round down)."""
    corpus = messages(2000)
    masked: list[str] = []
    old: list[float] = []
    new: list[float] = []
    for _ in range(ROUNDS):
        masked, seconds = notary_of(before, texts, corpus)
        old.append(seconds)
        new.append(notary_of(HERE, [], corpus)[1])
    return masked, min(old), min(new)


def report_paths(positives: list[Case], negatives: list[Case], logs: Captured) -> None:
    leaks: dict[str, dict[str, list[int]]] = {}
    recall: dict[str, dict[str, list[int]]] = {}
    for path in PATHS:
        outputs, haystack = through_sqlite(path, positives, logs)
        leaks[path] = _tally(positives, [leaked(c.secret, haystack) for c in positives])
        if path in ("sync", "infer=false"):
            recall[path] = _tally(positives, [recallable(o) for o in outputs])
    _print("credential at rest after add (any stored byte, output or log line)", leaks)
    _print("credential turns with a value-free shared_credential record", recall)
    outputs, _ = through_sqlite("sync", negatives, logs)
    _print(
        "near misses masked through add (sync)",
        {"sync": _tally(negatives, [masked_any(o) for o in outputs])},
    )


if __name__ == "__main__":
    main()
