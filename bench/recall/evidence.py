"""Evidence recall and the answer in the hits on conversations, beside the strongest simple
baselines computed over the same turns in the same run.

Sets (each a manifest in bench/data/, made once with `python -m bench.data NAME --mirror
GIT_DIR`, never committed):

* `friendsqa` (English): a slice of FriendsQA (Emory NLP, Apache-2.0): scenes of multi-party
  dialogue ("Ross Geller: ..."), each question annotated with the utterances that hold its
  answer and the answer's text;
* `kdconv` (Chinese): KdConv's dev dialogues, questions derived from the knowledge triples the
  turns state (bench/data/derive.py);
* `crosswoz` (Chinese): CrossWOZ's validation dialogues, questions derived from the dialogue
  acts the system's turns state (bench/recall/crosswoz.py).

Every scene is a session, dated one day apart in story order; all scenes go into ONE tenant,
turn by turn, through the public Python API (`Memory.add`, one turn per call, the session's
date as the turn's timestamp, the turn id in `metadata`). Then each question is asked with
`Memory.search(limit=10)`; its results are mapped back to turns through their metadata (a fact
or an episode alike), and the text each result shows (`memory` and the turn it carries) is
what the answer is looked for in.

Beside the service, five Okapi BM25 baselines over the very same turn strings
(bench/recall/baselines.py: words, English stems, CJK bigrams, CJK characters + bigrams, jieba
words); every ratio is against the best baseline of the set for that measure. Scores
(bench/recall/scores.py): evidence recall@5/@10, hit@10, answer@5/@10, and for questions that
name a speaker, whether the first hit is that speaker's turn; per category, per class of
question (bench/recall/classes.py: "2+ turns", "speaker") and over all questions.

The questions are split by scene into a tuning half and a held-out half (`part_of`: the crc32
of the scene's title, so the split is fixed and needs no list); the ranking was tuned on the
`dev` half only, and both halves are reported, with the targets of issue 31 beside them.

    python -m bench.recall [--set friendsqa|kdconv|crosswoz] [--scenes N]
                           [--modes default,verbatim] [--backend sqlite|neo4j]
                           [--neo4j-uri bolt://127.0.0.1:7687]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.data.sets import dataset_path
from bench.recall.baselines import BASELINES, Okapi, Terms, words
from bench.recall.classes import classes, named_speaker
from bench.recall.report import report, targets
from bench.recall.scores import Hit, Scores, evaluate, holds
from bench.runner.options import store_options

START = datetime(2024, 1, 1, 20, 0, tzinfo=UTC)
TENANT = "friends"


@dataclass(frozen=True)
class Turn:
    id: str
    text: str
    at: datetime
    speaker: str = ""


@dataclass(frozen=True)
class Question:
    id: str
    category: str
    text: str
    evidence: frozenset[str]
    part: str = "dev"
    """`dev` (tuned on) or `held-out`: see `part_of`."""
    answers: tuple[str, ...] = ()
    named: str = ""
    """The speaker the question names as the one who said or thought something, else ""."""

    @property
    def classes(self) -> tuple[str, ...]:
        return classes(self.evidence, self.named)


@dataclass
class Corpus:
    turns: list[Turn] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    def by_id(self) -> dict[str, Turn]:
        return {turn.id: turn for turn in self.turns}

    def answerable(self) -> Callable[[Question], bool]:
        """Is the question's answer a span of one of its evidence turns?"""
        turns = self.by_id()

        def ok(q: Question) -> bool:
            told = [turns[t].text for t in q.evidence if t in turns]
            return any(holds(text, answer) for text in told for answer in q.answers)

        return ok


def part_of(title: str) -> str:
    """The fixed half a scene's questions belong to: `dev` (tuned on) or `held-out`."""
    return "dev" if zlib.crc32(title.encode("utf-8")) % 2 == 0 else "held-out"


def load(scenes: int | None = None, path: Path | None = None, name: str = "friendsqa") -> Corpus:
    """The first `scenes` scenes (all by default) of `path`, by default the cached `name` set
    (checked against its manifest's sha256). A question's evidence is a list of utterance ids
    of its scene, or of `title#uid` turn ids; its category is its `category`, else the fourth
    part of its id (FriendsQA's)."""
    raw = (path or dataset_path(name)).read_bytes()
    corpus = Corpus()
    for day, scene in enumerate(json.loads(raw)["data"][:scenes]):
        title = scene["title"]
        speakers: set[str] = set()
        for u in scene["utterances"]:
            speaker = " and ".join(s for s in u["speakers"] if not s.startswith("#"))
            speakers.update(s for s in u["speakers"] if not s.startswith("#"))
            text = f"{speaker}: {u['utterance']}" if speaker else u["utterance"]
            at = START + timedelta(days=day, seconds=20 * u["uid"])
            corpus.turns.append(Turn(f"{title}#{u['uid']}", text, at, speaker))
        corpus.questions.extend(_question(title, qa, speakers) for qa in scene["qas"])
    return corpus


def _question(title: str, qa: dict[str, Any], speakers: set[str]) -> Question:
    evidence = frozenset(
        uid if isinstance(uid, str) else f"{title}#{uid}" for uid in qa["evidence"]
    )
    category = qa.get("category") or qa["id"].split("_")[3].lower()
    return Question(
        qa["id"], category, qa["question"], evidence, part_of(title),
        tuple(qa.get("answers", ())), named_speaker(qa["question"], speakers),
    )  # fmt: skip


# -- the service ------------------------------------------------------------------------------


def ingest(memory: Any, corpus: Corpus, infer: bool) -> float:
    """Seconds to add every turn, one `add` per turn."""
    start = time.perf_counter()
    for turn in corpus.turns:
        memory.add(
            [{"role": "user", "content": turn.text, "timestamp": turn.at.isoformat()}],
            user_id=TENANT,
            infer=infer,
            metadata={"turn": turn.id},
        )
    return time.perf_counter() - start


Ranker = Callable[[str, int], list[Hit]]


def service_ranker(memory: Any) -> Ranker:
    def top(question: str, k: int) -> list[Hit]:
        results = memory.search(question, user_id=TENANT, limit=k)["results"]
        return [(_turn_of(hit), shown(hit)) for hit in results]

    return top


def _turn_of(hit: dict[str, Any]) -> str:
    record = hit.get("fact") or hit.get("episode") or {}
    return str((record.get("metadata") or {}).get("turn", ""))


def shown(hit: dict[str, Any]) -> str:
    """The text a result shows an agent: its `memory`, and the words of the turn it carries
    (an episode result's own, a fact result's source turn), each once."""
    body = (hit.get("episode") or {}).get("body") or ""
    return hit["memory"] if body in hit["memory"] else f"{hit['memory']}\n{body}"


def bm25_ranker(corpus: Corpus, terms: Terms = words) -> Ranker:
    index = Okapi([(t.id, terms(t.text)) for t in corpus.turns])
    text = {t.id: t.text for t in corpus.turns}

    def top(question: str, k: int) -> list[Hit]:
        return [(turn, text[turn]) for turn in index.top(terms(question), k)]

    return top


def score(corpus: Corpus, rank: Ranker) -> Scores:
    speakers = {t.id: t.speaker for t in corpus.turns}
    return evaluate(
        corpus.questions, rank, corpus.answerable(), lambda turn: speakers.get(turn, "")
    )


def run(
    corpus: Corpus,
    modes: Sequence[str],
    memories: Callable[[], Any] | None = None,
    baselines: dict[str, Terms] | None = None,
) -> dict[str, Scores]:
    """Every system's scores over one corpus: each baseline (default: all of
    bench/recall/baselines.py) and each service mode, each mode on a fresh store (`memories()` makes
    one; default: an embedded store in a temporary folder)."""
    results = {
        name: score(corpus, bm25_ranker(corpus, terms))
        for name, terms in (baselines or BASELINES).items()
    }
    for mode in modes:
        with tempfile.TemporaryDirectory(prefix="palimpsest-recall-") as folder:
            memory = memories() if memories is not None else _embedded(Path(folder))
            try:
                seconds = ingest(memory, corpus, infer=mode == "default")
                print(f"# {mode}: {len(corpus.turns)} turns added in {seconds:.1f} s")
                results[mode] = score(corpus, service_ranker(memory))
            finally:
                if memories is None:
                    memory.close()
    return results


def _embedded(folder: Path) -> Any:
    from service import Memory

    return Memory(data_dir=folder)


SETS = ("friendsqa", "kdconv", "crosswoz")


def _neo4j(uri: str) -> Callable[[], Any]:
    """A Memory over the Neo4j server at `uri`, emptied of the benchmark's tenant first."""

    def make() -> Any:
        from bench.runner.stores import drop_group
        from graph.domain.tenancy import TenantScope
        from service import Memory

        memory = Memory(backend="neo4j", neo4j_uri=uri)
        drop_group(memory.container.store, TenantScope(user_id=TENANT).group_id)
        return memory

    return make


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=SETS, default="friendsqa")
    parser.add_argument("--scenes", type=int, default=None, help="first N scenes (all)")
    parser.add_argument("--modes", default="default,verbatim")
    store_options(parser, one=True, default="sqlite")
    args = parser.parse_args(argv)
    corpus = load(args.scenes, name=args.set)
    print(f"# {args.set} slice: {len(corpus.turns)} turns, {len(corpus.questions)} questions")
    memories = _neo4j(args.neo4j_uri) if args.backend == "neo4j" else None
    results = run(corpus, [m for m in args.modes.split(",") if m], memories)
    for part in ("dev", "held-out", "all"):
        print("\n".join(report(results, part)) + "\n")
    print("\n".join(targets(results, args.set)))
