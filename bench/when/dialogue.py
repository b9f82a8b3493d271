"""When it happened: is the dated answer right, on public conversations whose answer is a date?

Data (made once with `python -m bench.data NAME --mirror GIT_DIR`, never committed):

* `memdaily` (Chinese): MemSim's MemDaily trajectories with a question whose answer is a date
  (bench/data/memdaily.toml): "X的时间是下周六晚上七点" said on a Wednesday, asked "X的时间是
  什么？", gold the Saturday of the week after (MemSim's generator made it from the date);
* `tweetime` (English): TweeTIME's tweets with people's gold event dates
  (bench/data/tweetime.toml), each a one-turn conversation, asked "When <tweet>".

Every conversation is one user's memory (its own tenant): each turn goes in with `Memory.add`
at its own time (the turn id in `metadata`), then each question is asked with
`Memory.search(limit=10)`. Scored per question:

* covered: some fact among the ten results comes from an evidence turn;
* right: the first such fact's `valid_at`, as a day in the turn's time zone, is inside the gold
  interval [first day, day after last);
* baseline, in the same run: the evidence turn's own day is inside the gold interval (the
  answer of a system that dates every fact by its message).

Printed per set and per class of the evidence turn's wording (a keyword test, independent of
the time parser: weekend, weekday, ago, relative day, absolute date, other), with the issue's
targets: right >= 85% of covered and >= 70% of all questions; weekend, weekday and ago classes
>= 80% each.

    python -m bench.when [--sets memdaily,tweetime] [--backend sqlite|neo4j]
                         [--neo4j-uri bolt://127.0.0.1:7687] [--misses]
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from bench.data.sets import dataset_path
from bench.recall.evidence import Turn
from bench.runner.options import parser_for, store_options

SETS = ("memdaily", "tweetime")
CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("weekend", re.compile(r"week-?end|周末", re.I)),
    (
        "weekday",
        re.compile(
            r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b"
            r"|(?:周|星期|礼拜)[一二三四五六日天]",
            re.I,
        ),
    ),
    ("ago", re.compile(r"\bago\b|\b(?:days?|weeks?|months?|years?)\s+back\b|[天周月年]前", re.I)),
    (
        "relative day",
        re.compile(r"\b(?:today|tonight|tomorrow|tmrw|2morrow|2morow|yesterday|2day)\b"
                   r"|今天|明天|昨天|后天|前天", re.I),
    ),
    (
        "absolute",
        re.compile(r"\d{4}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"
                   r"|\d+月", re.I),
    ),
)  # fmt: skip
"""A question's class: the first whose keywords its evidence turn holds, else "other"."""


@dataclass(frozen=True)
class Question:
    id: str
    text: str
    gold: tuple[date, date]
    evidence: frozenset[str]


@dataclass(frozen=True)
class Conversation:
    id: str
    turns: tuple[Turn, ...]
    questions: tuple[Question, ...]


@dataclass
class Tally:
    n: int = 0
    covered: int = 0
    right: int = 0
    baseline: int = 0
    baseline_covered: int = 0

    def add(self, covered: bool, right: bool, baseline: bool) -> None:
        self.n += 1
        self.covered += covered
        self.right += right
        self.baseline += baseline
        self.baseline_covered += baseline and covered


@dataclass
class Outcome:
    tallies: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    misses: list[str] = field(default_factory=list)


def load(name: str, path: Path | None = None) -> list[Conversation]:
    raw = json.loads((path or dataset_path(name)).read_text(encoding="utf-8"))
    return [_conversation(item) for item in raw["data"]]


def _conversation(item: dict[str, Any]) -> Conversation:
    turns = tuple(Turn(t["id"], t["text"], datetime.fromisoformat(t["at"])) for t in item["turns"])
    questions = tuple(
        Question(
            q["id"],
            q["question"],
            (date.fromisoformat(q["gold"][0]), date.fromisoformat(q["gold"][1])),
            frozenset(q["evidence"]),
        )
        for q in item["questions"]
    )
    return Conversation(item["id"], turns, questions)


def tenant(conversation: Conversation) -> str:
    return "when-" + re.sub(r"[^A-Za-z0-9_-]+", "-", conversation.id)


def ingest(memory: Any, conversation: Conversation) -> None:
    for turn in conversation.turns:
        memory.add(
            [{"role": "user", "content": turn.text, "timestamp": turn.at.isoformat()}],
            user_id=tenant(conversation),
            metadata={"turn": turn.id},
        )


def answer(memory: Any, conversation: Conversation, question: Question) -> dict[str, Any] | None:
    """The first fact among the ten results that comes from an evidence turn, or None."""
    found = memory.search(question.text, user_id=tenant(conversation), limit=10)
    for hit in found.model_dump(mode="json")["results"]:
        fact = hit.get("fact")
        if fact and str((fact.get("metadata") or {}).get("turn")) in question.evidence:
            return dict(fact)
    return None


def worded(conversation: Conversation, question: Question) -> tuple[str, Turn]:
    """The question's class and the evidence turn that says it: the first class (in `CLASSES`
    order) any evidence turn's words hold, that turn (the first by id holding it); else
    "other" and the first evidence turn."""
    said = (t for t in conversation.turns if t.id in question.evidence)
    evidence = sorted(said, key=lambda t: (len(t.id), t.id))
    for name, pattern in CLASSES:
        holding = next((t for t in evidence if pattern.search(t.text)), None)
        if holding is not None:
            return name, holding
    return "other", evidence[0]


def score(memory: Any, conversation: Conversation, outcome: Outcome, label: str) -> None:
    for question in conversation.questions:
        kind, turn = worded(conversation, question)
        fact = answer(memory, conversation, question)
        day = _local_day(fact["valid_at"], turn.at) if fact is not None else None
        right = day is not None and question.gold[0] <= day < question.gold[1]
        baseline = question.gold[0] <= turn.at.date() < question.gold[1]
        for key in (f"{label}/{kind}", f"{label}/all", f"all/{kind}", "all/all"):
            outcome.tallies[key].add(fact is not None, right, baseline)
        if not right:
            outcome.misses.append(
                f"{label} {conversation.id}: {turn.text[:90]!r} @ {turn.at.date()} -> "
                f"{day} ({fact['valid_phrase'] if fact else 'no fact'}); gold "
                f"{question.gold[0]}..{question.gold[1]}"
            )  # fmt: skip


def _local_day(valid_at: str, said: datetime) -> date:
    return datetime.fromisoformat(valid_at).astimezone(said.tzinfo).date()


def run(sets: Sequence[str], memories: Callable[[], Any]) -> Outcome:
    """Every set's conversations, each in its own tenant of one store."""
    outcome = Outcome()
    with _opened(memories) as memory:
        for name in sets:
            for conversation in load(name):
                _drop(memory, conversation)
                ingest(memory, conversation)
                score(memory, conversation, outcome, name)
    return outcome


@contextmanager
def _opened(memories: Callable[[], Any]) -> Iterator[Any]:
    memory = memories()
    try:
        yield memory
    finally:
        memory.close()


def _drop(memory: Any, conversation: Conversation) -> None:
    from bench.runner.stores import drop_group
    from graph.domain.tenancy import TenantScope

    drop_group(memory.container.store, TenantScope(user_id=tenant(conversation)).group_id)


def report(outcome: Outcome) -> list[str]:
    lines = [
        "| set / class | n | covered | right / covered | right / all | turn date / all "
        "| turn date / covered |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key in sorted(outcome.tallies, key=lambda k: (k.startswith("all/"), k.endswith("/all"), k)):
        t = outcome.tallies[key]
        lines.append(
            f"| {key} | {t.n} | {t.covered} | {_share(t.right, t.covered)} | "
            f"{_share(t.right, t.n)} | {_share(t.baseline, t.n)} | "
            f"{_share(t.baseline_covered, t.covered)} |"
        )
    return lines


def targets(outcome: Outcome) -> list[str]:
    total = outcome.tallies["all/all"]
    lines = [
        f"target right / covered >= 85%: {_share(total.right, total.covered)}",
        f"target right / all >= 70%: {_share(total.right, total.n)} "
        f"(turn date: {_share(total.baseline, total.n)})",
    ]
    for name in ("weekend", "weekday", "ago"):
        t = outcome.tallies.get(f"all/{name}", Tally())
        lines.append(f"target {name} right / all >= 80%: {_share(t.right, t.n)} (n={t.n})")
    return lines


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "- (0/0)"


def _memories(backend: str, uri: str, folder: Path) -> Callable[[], Any]:
    from service import Memory

    if backend == "neo4j":
        return lambda: Memory(backend="neo4j", neo4j_uri=uri)
    return lambda: Memory(data_dir=folder)


def main(argv: Sequence[str] | None = None) -> None:
    parser = store_options(parser_for(__doc__), one=True, default="sqlite")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--misses", action="store_true", help="print every wrong answer")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="palimpsest-when-") as folder:
        outcome = run(args.sets.split(","), _memories(args.backend, args.neo4j_uri, Path(folder)))
    print(f"# bench.when on {args.backend}: {args.sets}")
    print("\n".join(report(outcome)))
    print("\n".join(targets(outcome)))
    if args.misses:
        print("\n".join(outcome.misses))
