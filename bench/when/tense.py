"""Is a fact current when it should be? The store's "current at the creation time" on people's
event-to-DCT links (TempEval-3), by half, beside the strongest simple baselines.

Data (made once with `python -m bench.data tense --mirror GIT_DIR`, never committed;
bench/data/tense.toml): every event of TimeBank, AQUAINT and the TempEval-3 platinum set that
the annotators linked to the document creation time (DCT), with its sentence and the gold
answer to "does it still hold at the DCT?": holds, over (before the DCT) or future
(bench/when/tense_data.py:GOLD).

What the user gets: each distinct sentence is told once with `Memory.add` (its own tenant, an
embedded store, `observation_date` = the DCT), then `Memory.facts(as_of=DCT noon UTC)` lists
the facts current then. The event's facts are the stored facts whose `source_span` covers
the event's word (those of the shortest such span; none: the event is not covered), and it
holds when one of them is current. Scored on the covered events:
right when "current at the DCT" is the gold's (holds: current; over and future: not current);
a current plan ("We shall prove X": `plans`) holds the intention, so it says X does not hold
yet.
Beside it, in the same run and on the same covered events:

* every fact current when told (what the store did before states had tenses);
* the gold MAKEINSTANCE tense alone (PAST and PASTPART: over, FUTURE: future, anything else:
  holds): the strongest simple baseline, and it reads people's annotation, not the text;
* `--before REV`: the same measure on an older checkout (a git revision or a folder), in a
  fresh process of its own; its coverage and accuracy are printed beside.

Rows: every event, by gold answer, by event class (STATE against the rest, then each class),
by the gold tense, by the gold aspect. Split by
document as bench.when.timex (`half`): `--misses` prints the tune half's wrong events only; the
held half's are never printed, and its row is the number to report.

    python -m bench.when.tense [--before 03746ab] [--misses] [--limit N]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from bench.data.sets import dataset_path
from bench.runner.checkouts import in_tree, tree_of
from bench.when.timex import HALVES, half
from extractors.predicates import default_table

HERE = Path(__file__).resolve().parents[2]
PLANS = frozenset({"plans"})


class Stored(NamedTuple):
    """One stored fact of a sentence: its source span, whether it is current at the DCT."""

    start: int
    end: int
    current: bool
    predicate: str


Told = dict[str, list[Stored]]
"""Per sentence (`key`), the facts the store kept."""

_RUN = """
import json, sys, tempfile
from service import Memory
from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
told = {}
with tempfile.TemporaryDirectory(prefix="palimpsest-tense-") as folder:
    memory = Memory(data_dir=folder)
    for n, (text, dct) in enumerate(json.load(sys.stdin)):
        user = f"s{n}"
        memory.add(text, user_id=user, observation_date=dct)
        current = {f.id for f in memory.facts(user_id=user, as_of=dct + "T12:00:00+00:00").facts}
        store = memory.container.store
        told[f"{dct} {text}"] = [
            [r.source_span[0], r.source_span[1], r.uuid in current, r.predicate]
            for r in store.export(TenantScope(user_id=user).group_id)
            if isinstance(r, Fact) and r.source_span is not None
        ]
    memory.close()
print(json.dumps(told))
"""


@dataclass
class Tally:
    n: int = 0
    covered: int = 0
    right: int = 0
    always: int = 0
    tensed: int = 0
    tensed_all: int = 0

    def add(self, other: Tally) -> None:
        for key in vars(self):
            setattr(self, key, getattr(self, key) + getattr(other, key))


@dataclass
class Outcome:
    rows: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    misses: list[str] = field(default_factory=list)


def by_tense(tense: str) -> str:
    """The plain tense rule's answer from the gold MAKEINSTANCE tense."""
    return {"PAST": "over", "PASTPART": "over", "FUTURE": "future"}.get(tense, "holds")


def event_facts(facts: list[Stored], span: tuple[int, int]) -> list[Stored]:
    """The event's facts: those of the shortest source span covering the event's word (often
    one; several read from one clause share a span; none: the event is not covered)."""
    covering = [f for f in facts if f.start <= span[0] and span[1] <= f.end]
    shortest = min((f.end - f.start for f in covering), default=0)
    return [f for f in covering if f.end - f.start == shortest]


def holds_now(facts: list[Stored]) -> bool:
    """Whether the event's facts say it holds at the DCT: one of them is current and no plan
    (a current `plans` fact, "we will prove X", holds the intention, not X). Any, not the
    first: the store lists facts in no fixed order."""
    return any(f.current and f.predicate not in PLANS for f in facts)


def rows_of(item: dict[str, Any], facts: list[Stored], past: frozenset[str]) -> list[str]:
    """The rows an event counts in; "fact in [past_tense]": its fact's predicate is one of the
    states whose simple past is over (the lead's rules' own class)."""
    kind = "STATE" if item["class"] == "STATE" else "not STATE"
    rows = ["all", f"gold {item['gold']}", f"class {kind}", f"class {item['class']}",
            f"tense {item['tense']}", f"aspect {item['aspect']}"]  # fmt: skip
    return [*rows, "fact in [past_tense]"] if any(f.predicate in past for f in facts) else rows


def grade(item: dict[str, Any], current: bool | None) -> Tally:
    """One event's tally (module doc)."""
    holds = item["gold"] == "holds"
    tensed = by_tense(item["tense"]) == item["gold"]
    if current is None:
        return Tally(n=1, tensed_all=tensed)
    return Tally(1, 1, current == holds, holds, tensed, tensed)


def score(items: list[dict[str, Any]], told: Told) -> dict[str, Outcome]:
    """Every event graded into its half's rows."""
    halves = {h: Outcome() for h in HALVES}
    past = default_table().past_ends
    for item in items:
        facts = event_facts(told.get(key(item), []), (item["span"][0], item["span"][1]))
        current = holds_now(facts) if facts else None
        tally, outcome = grade(item, current), halves[half(item["doc"])]
        for row in rows_of(item, facts, past):
            outcome.rows[row].add(tally)
        if current is not None and tally.right == 0:
            outcome.misses.append(_miss(item, current))
    return halves


def _miss(item: dict[str, Any], current: bool) -> str:
    start, end = item["span"]
    marked = f"{item['context'][:start]}[{item['context'][start:end]}]{item['context'][end:]}"
    ours = "current" if current else "not current"
    return (f"{item['doc']} {item['class']} {item['tense']}/{item['aspect']} {item['rel']} "
            f"gold {item['gold']}, ours {ours}: {marked}")  # fmt: skip


def key(item: dict[str, Any]) -> str:
    return f"{item['dct']} {item['context']}"


def tell(tree: Path, items: list[dict[str, Any]]) -> Told:
    """Every distinct sentence told to a fresh store by the checkout at `tree`."""
    sentences = sorted({(item["context"], item["dct"]) for item in items})
    raw: dict[str, list[list[Any]]] = in_tree(tree, _RUN, sentences)
    return {k: [Stored(int(a), int(b), bool(c), str(p)) for a, b, c, p in v]
            for k, v in raw.items()}  # fmt: skip


def report(now: Outcome, before: Outcome | None) -> list[str]:
    head = ("| row | n | covered | right / covered | every fact current | gold tense rule "
            "| gold tense rule / all |")  # fmt: skip
    if before is not None:
        head += " before: covered | before: right / covered |"
    lines = [head, "| --- |" + " ---: |" * (head.count("|") - 2)]
    order = sorted(now.rows, key=lambda r: (r != "all", r.split()[0], -now.rows[r].n, r))
    order += [r for r in before.rows if r not in now.rows] if before else []
    for row in order:
        t = now.rows.get(row, Tally())
        line = (f"| {row} | {t.n} | {_share(t.covered, t.n)} | {_share(t.right, t.covered)} | "
                f"{_share(t.always, t.covered)} | {_share(t.tensed, t.covered)} | "
                f"{_share(t.tensed_all, t.n)} |")  # fmt: skip
        if before is not None:
            b = before.rows.get(row, Tally())
            line += f" {_share(b.covered, b.n)} | {_share(b.right, b.covered)} |"
        lines.append(line)
    return lines


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "- (0/0)"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.when.tense", description=__doc__)
    parser.add_argument("--before", help="an older checkout: a git revision or a folder")
    parser.add_argument("--misses", action="store_true", help="the tune half's wrong events")
    parser.add_argument("--limit", type=int, default=0, help="only the first N events (a try)")
    args = parser.parse_args(argv)
    items = json.loads(dataset_path("tense").read_text(encoding="utf-8"))["data"]
    items = items[: args.limit] if args.limit else items
    now = score(items, tell(HERE, items))
    before = score(items, tell(tree_of(args.before), items)) if args.before else None
    print(f"# bench.when.tense: TempEval-3 events linked to the DCT ({len(items)} events)"
          + (f", before = {args.before}" if args.before else ""))  # fmt: skip
    for name in ("held", "tune"):
        print(f"## {name} half")
        print("\n".join(report(now[name], before[name] if before else None)))
    if args.misses:
        print("\n".join(now["tune"].misses))


if __name__ == "__main__":
    main()
