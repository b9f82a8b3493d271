"""Who a sentence is about: facts about third parties in knowledge-grounded dialogue.

Data: KdConv's dev dialogues (Chinese; bench/data/kdconv_triples.toml) and CMU_DoG's
validation conversations (English; bench/data/cmudog.toml), each turn annotated with the
(entity, attribute, value) triples it states. Every dialogue is read as one conversation, turn
by turn, by the rule extractor (bench/about/driver.py, in its own process); with `--before
TREE` (a folder, or a git revision of this repository exported to one) the same driver runs the
extractor of an older source tree in the same run: the baseline.

Printed per set and split (`tune`: even-numbered KdConv dialogues / CMU_DoG conversations with
an even crc32 of their name, the only ones looked at while writing rules; `held`: the others):

* **exact value recall**: the share of annotated triples for which some fact made from that
  turn has the value, compared after `norm` (NFKC, case folded, spaces, punctuation and
  brackets removed);
* **loose value recall**: some fact's value contains the annotated value or is contained in
  it, the shorter at least 2 characters and a third of the longer (normalised as above);
* **subject agreement**: among the triples found (loose), the share for which one of the
  matching facts has the triple's entity as subject (`same_entity`: normalised, a bracketed
  disambiguator dropped, "恋恋笔记本（美国2004年…电影）" is 恋恋笔记本; equal, or one contains
  the other);
* **taste**: among the triples found (loose) whose subject disagrees, those a fact of the
  speaker's own taste holds (`<speaker> prefers Sandra Bullock` from "I like Sandra Bullock":
  category `preference`): right about the speaker, and not about the triple's entity; printed
  as a share of the triples found, beside subject agreement, which counts them as disagreeing;
* **precision**: among facts made from annotated turns (verbatim `said` records aside), the
  share whose value (loose) and subject match one of the turn's triples;
* **speaker facts**: facts about the speaker (`<speaker>`, `<user>`) made from annotated turns:
  every annotated triple is about a film, a song, a place or a person talked about, never the
  speaker, so each is a misattribution;
* **silent turns**: annotated turns (a triple whose value is in the text) that give no fact;
* **CPU per message**: the extractor's CPU time over every turn, models loaded beforehand;
  with `--instructions`, also the instructions the extraction executes, counted by callgrind
  from the end of the warm-up: CPU time on a shared machine moves with the load (a 2-core
  machine at load 12 gave the same two trees 1.31x and 1.43x in two runs), instructions do
  not (they leave out what the load changes: cache misses, waiting for memory).

The split is by conversation id, fixed before any rule was written. Misses are grouped by
class and relation (`bench/about/misses.py`: no fact, wrong subject, value boundary...) on the
tune half only (`--classes N`, `--dump FILE`); the held half is only ever scored.

    python -m bench.about [--set kdconv,cmudog] [--before TREE] [--limit N] [--misses N]
                          [--classes N] [--dump FILE] [--split tune] [--relations N]
                          [--instructions]

`--split tune` prints the tune half alone (what to run while writing rules); each printed
split lists the exact and loose recall of its N most annotated relations.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.about import misses as about_misses
from bench.data.sets import dataset_path
from bench.runner.checkouts import tree_of

SPEAKERS = frozenset({"<speaker>", "<user>"})
DRIVER = Path(__file__).resolve().parent / "driver.py"
SETS = {"kdconv": "kdconv_triples", "cmudog": "cmudog"}
_DROP = re.compile(r"[\s\W_]+", re.UNICODE)
_BRACKETED = re.compile(r"[（(][^（）()]*[）)]\s*$")

Fact = tuple[str, str, str, int, str]
Triple = tuple[str, str, str]


def norm(text: str) -> str:
    """NFKC, case folded, without spaces, punctuation or brackets."""
    return _DROP.sub("", unicodedata.normalize("NFKC", text).casefold())


def entity_name(entity: str) -> str:
    """The entity without its disambiguator: "恋恋笔记本（美国2004年…电影）" -> 恋恋笔记本."""
    return _BRACKETED.sub("", entity).strip() or entity


def loose(found: str, wanted: str) -> bool:
    a, b = norm(found), norm(wanted)
    if not a or not b:
        return False
    short, long_ = sorted((a, b), key=len)
    return short in long_ and len(short) >= min(2, len(long_)) and 3 * len(short) >= len(long_)


def same_entity(subject: str, entity: str) -> bool:
    a, b = norm(subject), norm(entity_name(entity))
    if not a or not b or subject in SPEAKERS:
        return False
    short, long_ = sorted((a, b), key=len)
    return short == long_ or (len(short) >= 2 and short in long_)


@dataclass
class Score:
    """Counts for one set, split and extractor."""

    triples: int = 0
    in_text: int = 0
    exact: int = 0
    loose: int = 0
    agreed: int = 0
    taste: int = 0
    facts: int = 0
    right: int = 0
    speaker: int = 0
    annotated_turns: int = 0
    silent: int = 0
    relations: Counter[str] = field(default_factory=Counter)
    found_relations: Counter[str] = field(default_factory=Counter)
    exact_relations: Counter[str] = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    quiet: list[str] = field(default_factory=list)
    cases: list[about_misses.Case] = field(default_factory=list)

    def turn(self, text: str, triples: Sequence[Triple], facts: Sequence[Fact]) -> None:
        kept = [f for f in facts if f[4] != "verbatim"]
        stated = [t for t in triples if norm(t[2]) and norm(t[2]) in norm(text)]
        if stated:
            self.annotated_turns += 1
            self.silent += not kept
            if not kept:
                self.quiet.append(f"{stated[0][1]}={stated[0][2]} | {text}")
        for triple in triples:
            self._triple(text, triple, kept)
            cls = about_misses.classify(text, triple, kept, norm, loose, same_entity)
            self.cases.append((cls, triple[1], about_misses.line(text, triple, kept)))
        if triples:
            self.facts += len(kept)
            self.speaker += sum(f[0] in SPEAKERS for f in kept)
            self.right += sum(any(_matches(f, t) for t in triples) for f in kept)

    def _triple(self, text: str, triple: Triple, facts: Sequence[Fact]) -> None:
        entity, relation, value = triple
        self.triples += 1
        self.relations[relation] += 1
        self.in_text += norm(value) in norm(text)
        exact = any(norm(f[2]) == norm(value) for f in facts)
        self.exact += exact
        self.exact_relations[relation] += exact
        found = [f for f in facts if loose(f[2], value)]
        if found:
            self.loose += 1
            self.found_relations[relation] += 1
            agreed = any(same_entity(f[0], entity) for f in found)
            self.agreed += agreed
            self.taste += not agreed and any(
                f[0] in SPEAKERS and f[4] == "preference" for f in found
            )
            if not agreed:
                self.wrong.append(
                    f"{relation}={value} @ {entity_name(entity)} | {text} | "
                    + "; ".join(f"{f[0]}|{f[1]}|{f[2]}" for f in found)
                )
        elif norm(value) in norm(text):
            self.misses.append(
                f"{relation}={value} @ {entity_name(entity)} | {text} | "
                + "; ".join(f"{f[0]}|{f[1]}|{f[2]}" for f in facts)
            )


def _matches(fact: Fact, triple: Triple) -> bool:
    return loose(fact[2], triple[2]) and same_entity(fact[0], triple[0])


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def split_of(name: str, title: str, index: int) -> str:
    if name == "kdconv":
        return "tune" if int(title.rsplit("_", 1)[1]) % 2 == 0 else "held"
    return "tune" if zlib.crc32(title.encode()) % 2 == 0 else "held"


def load(name: str, limit: int | None) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(dataset_path(SETS[name]).read_text("utf-8"))["data"]
    return data[:limit] if limit else data


def run_driver(
    tree: Path, dialogues: list[dict[str, Any]], *, instructions: bool = False
) -> dict[str, Any]:
    """The driver's answer for these dialogues with the `extractors` of `tree`; with
    `instructions`, run under callgrind and counted from the end of the warm-up (the answer's
    `instructions`)."""
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "dialogues.json"
        data.write_text(json.dumps({"data": dialogues}, ensure_ascii=False), "utf-8")
        env = {**os.environ, "PYTHONPATH": str(tree)}
        command = [sys.executable, str(DRIVER), str(data)]
        if not instructions:
            done = subprocess.run(command, env=env, capture_output=True, check=False, cwd=tree)
            return _answer(tree, done.returncode, done.stdout, done.stderr)
        return _counted(tree, command, env, Path(scratch))


def _answer(tree: Path, code: int, out: bytes, err: bytes) -> dict[str, Any]:
    if code != 0:
        raise SystemExit(f"the extractor of {tree} failed:\n{err.decode()[-3000:]}")
    answer: dict[str, Any] = json.loads(out)
    return answer


def _counted(tree: Path, command: list[str], env: dict[str, str], scratch: Path) -> dict[str, Any]:
    """The driver under callgrind, counting turned on once its models are loaded: the
    instructions the extraction itself executes (the same on a loaded machine as on an idle
    one, unlike CPU time)."""
    tools = [shutil.which(name) for name in ("valgrind", "callgrind_control")]
    if None in tools:
        raise SystemExit("--instructions needs valgrind (callgrind): apt-get install valgrind")
    ready, counts = scratch / "ready", scratch / "callgrind.out"
    wrapped = [
        "valgrind", "--tool=callgrind", "--instr-atstart=no",
        f"--callgrind-out-file={counts}", *command,
    ]  # fmt: skip
    with open(scratch / "out", "wb") as out, open(scratch / "err", "wb") as err:
        driver = subprocess.Popen(
            wrapped,
            env={**env, "PALIMPSEST_BENCH_READY": str(ready)},
            stdout=out,
            stderr=err,
            cwd=tree,
        )
        while not ready.exists() and driver.poll() is None:
            time.sleep(0.5)
        if driver.poll() is None:
            pid = ready.read_text("utf-8")
            subprocess.run(["callgrind_control", "-i", "on", pid], capture_output=True, check=True)
            (scratch / "ready.go").touch()
        code = driver.wait()
    answer = _answer(tree, code, (scratch / "out").read_bytes(), (scratch / "err").read_bytes())
    found = re.search(r"^totals:\s*(\d+)", counts.read_text("utf-8"), re.MULTILINE)
    answer["instructions"] = int(found.group(1)) if found else 0
    return answer


def score(name: str, dialogues: list[dict[str, Any]], facts: list[Any]) -> dict[str, Score]:
    scores = {"tune": Score(), "held": Score(), "all": Score()}
    for index, (dialogue, found) in enumerate(zip(dialogues, facts, strict=True)):
        part = split_of(name, dialogue["title"], index)
        for turn, turn_facts in zip(dialogue["turns"], found, strict=True):
            triples = [tuple(t) for t in turn["triples"]]
            typed = [tuple(f) for f in turn_facts]
            for key in (part, "all"):
                scores[key].turn(turn["text"], triples, typed)
    return scores


def report(
    name: str, label: str, scores: dict[str, Score], cpu_ms: float, splits: Sequence[str]
) -> None:
    print(f"\n{name} — {label}  (extraction CPU {cpu_ms:.2f} ms per message)")
    print(
        "split  triples in-text  exact  loose  subject  (taste)  precision speaker-facts"
        " silent-turns"
    )
    for part, s in scores.items():
        if part not in splits:
            continue
        print(
            f"{part:5}  {s.triples:7} {_pct(s.in_text, s.triples)} {_pct(s.exact, s.triples)}"
            f" {_pct(s.loose, s.triples)}  {_pct(s.agreed, s.loose)}  {_pct(s.taste, s.loose)}"
            f"   {_pct(s.right, s.facts)}"
            f"   {s.speaker:5} ({_pct(s.speaker, s.facts)})"
            f"  {s.silent:5} ({_pct(s.silent, s.annotated_turns)})"
        )


def relations(scores: Score, part: str, top: int) -> None:
    """Exact and loose recall of the `top` most annotated relations of one split."""
    print(f"  recall by relation ({part}): relation, triples, exact, loose")
    for relation, n in scores.relations.most_common(top):
        exact = _pct(scores.exact_relations[relation], n)
        print(f"    {relation:10} {n:5} {exact} {_pct(scores.found_relations[relation], n)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.about",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--set", default="kdconv,cmudog")
    parser.add_argument(
        "--before", help="the baseline: an older source tree, or a git revision of this one"
    )
    parser.add_argument("--limit", type=int, help="the first N dialogues of each set")
    parser.add_argument("--misses", type=int, default=0, help="print N missed tune triples")
    parser.add_argument("--silent", type=int, default=0, help="print N silent tune turns")
    parser.add_argument(
        "--wrong", type=int, default=0, help="print N tune triples found with the wrong subject"
    )
    parser.add_argument(
        "--classes", type=int, default=0, help="print the N largest miss classes of tune"
    )
    parser.add_argument("--dump", type=Path, help="write every tune triple's class here")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the extraction's instructions under callgrind (load-independent;"
        " about 50x slower: use with --limit)",
    )
    parser.add_argument(
        "--split",
        default="tune,held,all",
        help="the splits to print (`tune` alone while writing rules: the held half unseen)",
    )
    parser.add_argument(
        "--relations", type=int, default=16, help="recall of the N most annotated relations"
    )
    args = parser.parse_args(argv)
    here = Path(__file__).resolve().parents[2]
    for name in args.set.split(","):
        dialogues = load(name, args.limit)
        runs = [("this tree", here)] + (
            [("baseline: " + str(args.before), tree_of(args.before))] if args.before else []
        )
        cpu: list[float] = []
        counted: list[int] = []
        for label, tree in runs:
            if args.instructions:
                counted.append(run_driver(tree, dialogues, instructions=True)["instructions"])
            answer = run_driver(tree, dialogues)
            scores = score(name, dialogues, answer["facts"])
            cpu.append(1000 * answer["cpu"] / max(answer["turns"], 1))
            splits = args.split.split(",")
            report(name, label, scores, cpu[-1], splits)
            for part in splits:
                relations(scores[part], part, args.relations)
            if label == "this tree":
                _classes(scores["tune"], args.classes, args.dump and _named(args.dump, name))
            if label == "this tree" and args.misses:
                for line in scores["tune"].misses[: args.misses]:
                    print("  miss:", line)
            if label == "this tree" and args.silent:
                for line in scores["tune"].quiet[: args.silent]:
                    print("  silent:", line)
            if label == "this tree" and args.wrong:
                for line in scores["tune"].wrong[: args.wrong]:
                    print("  wrong subject:", line)
        _costs(name, cpu, counted)
    return 0


def _costs(name: str, cpu: Sequence[float], counted: Sequence[int]) -> None:
    """This tree's extraction CPU and instructions against the baseline's, same run."""
    if len(cpu) == 2:
        print(f"\n{name}: extraction CPU {cpu[0] / cpu[1]:.2f}x the baseline's, same run")
    if len(counted) == 2 and counted[1]:
        print(
            f"{name}: extraction instructions {counted[0] / counted[1]:.3f}x the baseline's"
            f" ({counted[0]:,} against {counted[1]:,})"
        )
    elif counted:
        print(f"{name}: extraction instructions {counted[0]:,}")


def _named(path: Path, name: str) -> Path:
    return path.with_name(f"{path.stem}-{name}{path.suffix}")


def _classes(tune: Score, top: int, path: Path | None) -> None:
    if top:
        about_misses.print_classes(tune.cases, top)
    if path:
        about_misses.dump(tune.cases, path)
