"""The notary benchmark: credentials left at rest per source, false masking, cost, in one run.

Sources (bench/notary/sources.py): credentials and negative examples from several independent
rule authors, each printed on its own row and marked `tuned` (the notary's rules were written
reading its misses) or `held out` (only measured); ordinary chat turns in English and Chinese.
Beside this checkout's notary, in the same run: the notary of an older checkout (`--before`, a
folder or a git revision), betterleaks' rule set alone (the maintained engine the notary runs)
and detect-secrets alone (its default plugins, as a user would run it).

Prints:

1. per credential source, the share of real-format positives whose secret (any 12 characters of
   it) is left in the masked text, and what is left counted by the secret's shape (UUID, hex,
   e-mail address, shorter than 16 characters, other: counts only);
2. the same at rest, through `add` into a fresh SQLite file per source, path and batch of
   cases whose secrets overlap nowhere (`cases.apart`), with every
   byte of the database, the add answers and the log lines as the haystack (`--backends` adds
   Neo4j: every property of every node and relationship): every positive with `infer=false`
   (the episode, the operation log and the value-free record are stored), and every positive
   through the full sync path (extraction too; `--sample N` draws N per source with a fixed
   seed instead); the haystack is searched once per batch (`cases.leaked_each`); and the
   share of credential turns that left a value-free `shared_credential` record (sync);
3. per source, the share of the rule authors' negative examples that were masked;
4. per chat source, the share of ordinary turns the notary changed;
5. the notary's CPU per ordinary chat turn, this checkout against `--before` (fastest of
   `--rounds` alternating fresh processes; the adversarial cases are bench/notary/cost.py's).

Usage: python -m bench.notary --before main [--backends sqlite,neo4j] [--rounds 3]
(`--tuned` while writing rules: only the tuned sources, so a held-out rate is looked at only
when it is meant to be; `--backends '' --rounds 0` for the text, negatives and chat alone)
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bench.notary.cases import (
    Case,
    apart,
    detect_secrets_alone,
    leaked,
    leaked_each,
    notary_of,
)
from bench.notary.cost import timings
from bench.notary.leak import Captured, recallable, run_path, through_sqlite
from bench.notary.sources import (
    CHAT_SOURCES,
    CREDENTIAL_SOURCES,
    NAMES,
    Loaded,
    load_chat,
    load_reported,
)
from bench.runner.checkouts import tree_of
from bench.runner.stores import open_store
from extractors.notary.core import notarize

HERE = Path(__file__).resolve().parents[2]
Masker = Callable[[list[str]], list[str]]


def betterleaks_alone(texts: list[str]) -> list[str]:
    """Every value betterleaks' rules report, masked (no rule of ours)."""
    import betterleaks

    out = []
    for text in texts:
        masked = text
        for found in betterleaks.scan_string(text):
            value = found.match.value or found.match.full
            if value:
                masked = masked.replace(value, "[MASKED]")
        out.append(masked)
    return out


def maskers(before: Path | None) -> dict[str, Masker]:
    alone = detect_secrets_alone()
    found: dict[str, Masker] = {"notary": lambda ts: [notarize(t).text for t in ts]}
    if before is not None:
        found["before"] = lambda ts: notary_of(before, ts)
    found["betterleaks"] = betterleaks_alone
    found["detect-secrets"] = lambda ts: [alone(t) for t in ts]
    return found


def _pct(hits: int, total: int) -> str:
    return f"{100 * hits / total:6.1f}%" if total else "      -"


def _row(label: str, size: str, cells: list[str]) -> None:
    print(f"  {label:30} {size:>14} " + " ".join(f"{c:>14}" for c in cells))


def _head(title: str, columns: list[str], size: str = "n") -> None:
    print(f"\n{title}")
    _row("source", size, columns)


def _leaks(cases: list[Case], masker: Masker) -> int:
    out = masker([c.message for c in cases])
    return sum(leaked(c.secret, m) for c, m in zip(cases, out, strict=True))


def report_leaks(loaded: dict[str, Loaded], masks: dict[str, Masker]) -> None:
    columns = [*masks, "notary, all", "no identifiers"]
    _head(
        "1. real-format credential left in the masked text (lower is better; 'notary, all':"
        " placeholders included; 'no identifiers': the notary without the positives whose"
        " secret is a bare UUID, one-case hex run or e-mail address)",
        columns,
        "n (+placeholders)",
    )
    for name, data in loaded.items():
        positives = [c for c in data.cases if c.positive]
        if not positives and not data.placeholders:
            continue  # negatives only (`iac-*`)
        cells = [_pct(_leaks(positives, m), len(positives)) for m in masks.values()]
        every = positives + data.placeholders
        cells.append(_pct(_leaks(every, masks["notary"]), len(every)))
        named = [c for c in positives if not identifier(c.secret)]
        cells.append(_pct(_leaks(named, masks["notary"]), len(named)))
        _row(_label(name), f"{len(positives)} (+{len(data.placeholders)})", cells)


_IDENTIFIER = re.compile(
    r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9A-F]{8}(?:-[0-9A-F]{4}){3}-[0-9A-F]{12}"
    r"|[0-9a-f]{16,}|[0-9A-F]{16,}|[^@\s]+@[^@\s]+\.\w+"
)


def identifier(secret: str) -> bool:
    """A bare UUID, a run of hex digits in one case, or an e-mail address: the shapes of ids,
    digests and user names, which the notary masks only when a credential word names them."""
    return _IDENTIFIER.fullmatch(secret) is not None


_SHAPES = (
    ("UUID", re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")),
    ("hex", re.compile(r"[0-9a-fA-F]{16,}")),
    ("e-mail", re.compile(r"[^@\s]+@[^@\s]+\.\w+")),
    ("< 16 chars", re.compile(r".{1,15}", re.S)),
)


_OTHER_SHAPES = (
    ("spaced", re.compile(r".*\s.*", re.S)),
    ("dotted", re.compile(r"[^.]+(?:\.[^.]+)+")),
    ("joined -/_", re.compile(r"[A-Za-z0-9]+(?:[_\-][A-Za-z0-9]+)+")),
    ("alnum 16-31", re.compile(r"[A-Za-z0-9]{16,31}")),
    ("base64 32+", re.compile(r"[A-Za-z0-9+/]{32,}={0,2}")),
)
"""The "other" shapes told apart (counts only): with a space or line break, joined by dots,
joined by `-`/`_`, letters and digits of 16-31, base64 of 32+; else "symbols"."""


def shape_of(secret: str) -> str:
    """The first of `_SHAPES` the whole secret is, else "other"."""
    return next((name for name, form in _SHAPES if form.fullmatch(secret)), "other")


def other_shape_of(secret: str) -> str:
    """The first of `_OTHER_SHAPES` the whole secret is, else "symbols"."""
    return next((name for name, form in _OTHER_SHAPES if form.fullmatch(secret)), "symbols")


def report_left_shapes(loaded: dict[str, Loaded]) -> None:
    """Counts only (a held-out source's cases are never shown): what the notary leaves, by the
    secret's shape, then the "other" shapes told apart."""
    names = [*(name for name, _ in _SHAPES), "other"]
    others = [*(name for name, _ in _OTHER_SHAPES), "symbols"]
    left: dict[str, list[str]] = {}
    for name, data in loaded.items():
        positives = [c for c in data.cases if c.positive]
        if not positives:
            continue  # negatives only (`iac-*`)
        out = [notarize(c.message).text for c in positives]
        left[name] = [c.secret for c, m in zip(positives, out, strict=True) if leaked(c.secret, m)]
    _head("1b. real-format credentials the notary left, by the secret's shape (counts)", names)
    for name, secrets in left.items():
        shapes = [shape_of(s) for s in secrets]
        _row(_label(name), str(len(secrets)), [str(shapes.count(n)) for n in names])
    _head("1c. the 'other' of 1b by shape (counts)", others)
    for name, secrets in left.items():
        shapes = [other_shape_of(s) for s in secrets if shape_of(s) == "other"]
        _row(_label(name), str(len(shapes)), [str(shapes.count(n)) for n in others])


def report_negatives(loaded: dict[str, Loaded], masks: dict[str, Masker]) -> None:
    _head("3. rule authors' negative examples masked (lower is better)", list(masks))
    negatives = {name: [c for c in data.cases if not c.positive] for name, data in loaded.items()}
    for name, cases in negatives.items():
        if not cases:
            continue
        texts = [c.message for c in cases]
        cells = [
            _pct(sum(o != t for o, t in zip(m(texts), texts, strict=True)), len(texts))
            for m in masks.values()
        ]
        _row(_label(name), str(len(cases)), cells)


def _label(name: str) -> str:
    tuned = "tuned" if CREDENTIAL_SOURCES.get(name) else "held out"
    return f"{NAMES.get(name, name)} ({tuned})"


def report_chat(chats: dict[str, list[str]], masks: dict[str, Masker]) -> None:
    _head("4. ordinary chat turns changed (lower is better)", list(masks))
    spent: dict[str, float] = dict.fromkeys(masks, 0.0)
    for name, turns in chats.items():
        cells = []
        for label, masker in masks.items():
            began = time.process_time()
            out = masker(turns)
            spent[label] += time.process_time() - began
            cells.append(_pct(sum(o != t for o, t in zip(out, turns, strict=True)), len(turns)))
        _row(name, str(len(turns)), cells)
    count = sum(len(turns) for turns in chats.values())
    per = {label: f"{seconds / count * 1e6:.0f} us" for label, seconds in spent.items()}
    per["before"] = "(5. below)" if "before" in per else ""
    _row("CPU per turn, in this process", "", [per[label] for label in masks])


def report_rest(
    loaded: dict[str, Loaded], backends: list[str], uri: str, logs: Captured, sample: int
) -> None:
    """Every source's positives through `add` with `infer=false` (every byte the notary lets
    through is stored: episode, operation log, the value-free record) and through the full sync
    path (extraction too; `sample` > 0: that many, drawn with `SEED`), on each backend."""
    synced = f"{sample} drawn, sync" if sample else "all, sync"
    columns = [f"{b} {p}" for p in ("all, infer=false", synced) for b in backends]
    _head(
        "2. credential at rest after add (any stored byte, answer or log; lower is better) and"
        " turns with a value-free record",
        [*columns, "record", "no identifiers"],
    )
    print(
        "  ('no identifiers': the first column without the positives whose secret is a bare"
        " UUID, one-case hex run or e-mail address)"
    )
    for name, data in loaded.items():
        positives = [c for c in data.cases if c.positive]
        if not positives:
            continue  # negatives only (`iac-*`)
        cells: list[str] = []
        recorded, named = "", ""
        for path, cases in (("infer=false", positives), ("sync", drawn(positives, sample))):
            for backend in backends:
                outputs, left = _left_at_rest(backend, uri, path, cases, logs)
                cells.append(_pct(sum(left), len(cases)))
                recorded = _pct(sum(recallable(o) for o in outputs), len(cases))
                named = named or _without_identifiers(cases, left)
        _row(_label(name), str(len(positives)), [*cells, recorded, named])


def _left_at_rest(
    backend: str, uri: str, path: str, cases: list[Case], logs: Captured
) -> tuple[list[dict[str, object]], list[bool]]:
    """Each case's secret found at rest, one fresh store per batch of cases whose secrets
    overlap nowhere (`cases.apart`), in the cases' order."""
    outputs: list[dict[str, object]] = [{} for _ in cases]
    left = [False] * len(cases)
    for batch in apart([c.secret for c in cases], [c.message for c in cases]):
        done, haystack = _through(backend, uri, path, [cases[i] for i in batch], logs)
        found = leaked_each([cases[i].secret for i in batch], haystack)
        for i, output, hit in zip(batch, done, found, strict=True):
            outputs[i], left[i] = output, hit
    return outputs, left


def _without_identifiers(cases: list[Case], left: list[bool]) -> str:
    """The rate of `left` over the cases whose secret is not an identifier."""
    kept = [hit for c, hit in zip(cases, left, strict=True) if not identifier(c.secret)]
    return _pct(sum(kept), len(kept))


SEED = 30
"""The seed of the sync path's sample (`--sample`), fixed so two runs read the same cases."""


T = TypeVar("T")


def drawn(cases: list[T], sample: int) -> list[T]:
    """Every case (`sample` 0), or `sample` of them drawn with `SEED`, in their order."""
    if not sample or sample >= len(cases):
        return cases
    picked = set(random.Random(SEED).sample(range(len(cases)), sample))
    return [c for i, c in enumerate(cases) if i in picked]


def _through(
    backend: str, uri: str, path: str, cases: list[Case], logs: Captured
) -> tuple[list[dict[str, object]], str]:
    logs.lines.clear()
    if backend == "sqlite":
        return through_sqlite(path, cases, logs)
    from bench.notary.leak import _memory

    with open_store(backend, uri) as store:
        store.maintenance().wipe()
        outputs, written = run_path(_memory(store), path, cases)
        stored = store.maintenance().stored_text()
        store.maintenance().wipe()
    return outputs, "\n".join((written, stored, *logs.lines))


def report_cost(before: Path, turns: list[str], rounds: int) -> None:
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, tree in (("before", before), ("notary", HERE)):
            seconds, _each = timings(tree, turns, [])
            best[name] = min(best.get(name, seconds), seconds)
    per = {k: v / len(turns) * 1e6 for k, v in best.items()}
    print(f"\n5. notary CPU per ordinary chat turn ({len(turns):,} turns, fastest of {rounds})")
    ratio = per["notary"] / per["before"]
    print(f"  before {per['before']:8.1f} us   notary {per['notary']:8.1f} us   ratio {ratio:.2f}x")


def show_misses(name: str, loaded: Loaded) -> None:
    """A tuned source's positives left in the text and negatives masked, case by case (a held-out
    source is refused: reading its misses would tune on it)."""
    if not CREDENTIAL_SOURCES.get(name):
        raise SystemExit(f"{name} is held out: its misses are counted, never read")
    for case in loaded.cases:
        masked = notarize(case.message).text
        if case.positive and leaked(case.secret, masked):
            at = case.message.find(case.secret)
            shown = case.message[max(0, at - 80) : at + len(case.secret) + 40]
            print(f"LEFT   {case.rule}: {shown!r}")
        elif not case.positive and masked != case.message:
            print(f"MASKED {case.rule}: {masked[:300]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
    parser.add_argument("--before", help="an older checkout's folder or a git revision")
    parser.add_argument("--backends", default="sqlite", help="sqlite, neo4j or both ('' for none)")
    parser.add_argument(
        "--neo4j-uri", default=os.environ.get("PALIMPSEST_NEO4J_URI", "bolt://127.0.0.1:7687")
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--sample", type=int, default=0, help="positives per source on the sync path (0: all)"
    )
    parser.add_argument("--misses", help="print a tuned source's misses case by case, and stop")
    parser.add_argument(
        "--tuned",
        action="store_true",
        help="only the tuned sources (held-out rates stay unseen while rules are written)",
    )
    args = parser.parse_args()
    if args.misses:
        show_misses(args.misses, load_reported()[args.misses])
        return
    before = tree_of(args.before) if args.before else None
    loaded = load_reported()
    if args.tuned:
        loaded = {name: data for name, data in loaded.items() if CREDENTIAL_SOURCES.get(name)}
    chats = {name: load_chat(name) for name in CHAT_SOURCES}
    print(f"notary benchmark: {HERE}" + (f" against {args.before} ({before})" if before else ""))
    masks = maskers(before)
    report_leaks(loaded, masks)
    report_left_shapes(loaded)
    logs = Captured()
    logging.getLogger().addHandler(logs)
    logging.getLogger().setLevel(logging.DEBUG)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if backends:
        report_rest(loaded, backends, args.neo4j_uri, logs, args.sample)
    report_negatives(loaded, masks)
    report_chat(chats, masks)
    if before is not None and args.rounds > 0:
        report_cost(before, [t for ts in chats.values() for t in ts], args.rounds)
