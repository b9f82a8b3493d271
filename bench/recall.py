"""Evidence recall on multi-session conversations, beside a plain Okapi BM25 over the same turns.

Data: the `friendsqa` set, a slice of FriendsQA (Emory NLP, Apache-2.0; manifest
bench/data/friendsqa.toml, made once with `python -m bench.fetch_data friendsqa --mirror GIT_DIR`):
scenes of multi-party dialogue ("Ross Geller: ..."), each question annotated with the
utterances that hold its answer. Every scene is a session, dated one day apart in story order;
all scenes go into ONE tenant, turn by turn, through the public Python API (`Memory.add`, one
turn per call, the session's date as the turn's timestamp, the turn id in `metadata`). Then
each question is asked with `Memory.search(limit=10)` and its results are mapped back to turns
through their metadata (a fact or an episode alike).

Printed per question category (FriendsQA's what/who/when/where/why/how): evidence recall@5 and
@10 (the share of a question's evidence turns among its first k results) and hit@10 (at least
one of them in the first 10), for

* the service with the default `add` (rule extraction, facts and episodes),
* the service with `infer=false` (every turn stored verbatim),
* a plain Okapi BM25 (k1 1.2, b 0.75, lower-cased words, no stemming, no stop words) over the
  very same turn strings, computed in the same run.

The questions are split by scene into a tuning half and a held-out half (`part_of`: the crc32
of the scene's title, so the split is fixed and needs no list); the ranking was tuned on the
`dev` half only, and both halves are reported.

The Chinese counterpart (`--set kdconv`) runs the same shape over KdConv's dev dialogues with
questions derived from the knowledge triples their turns state (bench/data/kdconv.toml), beside
an Okapi BM25 over character bigrams (Latin words whole).

    python -m bench.recall [--set friendsqa|kdconv] [--scenes N] [--modes default,verbatim]
                           [--backend sqlite|neo4j] [--neo4j-uri bolt://127.0.0.1:7687]
"""

from __future__ import annotations

import argparse
import json
import math
import re
import tempfile
import time
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.datasets import dataset_path

START = datetime(2024, 1, 1, 20, 0, tzinfo=UTC)
TENANT = "friends"
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@dataclass(frozen=True)
class Turn:
    id: str
    text: str
    at: datetime


@dataclass(frozen=True)
class Question:
    id: str
    category: str
    text: str
    evidence: frozenset[str]
    part: str = "dev"
    """`dev` (tuned on) or `held-out`: see `part_of`."""


@dataclass
class Corpus:
    turns: list[Turn] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


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
        for u in scene["utterances"]:
            speaker = " and ".join(s for s in u["speakers"] if not s.startswith("#"))
            text = f"{speaker}: {u['utterance']}" if speaker else u["utterance"]
            at = START + timedelta(days=day, seconds=20 * u["uid"])
            corpus.turns.append(Turn(f"{title}#{u['uid']}", text, at))
        for qa in scene["qas"]:
            evidence = frozenset(
                uid if isinstance(uid, str) else f"{title}#{uid}" for uid in qa["evidence"]
            )
            category = qa.get("category") or qa["id"].split("_")[3].lower()
            corpus.questions.append(
                Question(qa["id"], category, qa["question"], evidence, part_of(title))
            )
    return corpus


# -- the baseline ---------------------------------------------------------------------------


def words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def bigrams(text: str) -> list[str]:
    """Latin words whole, CJK runs as their character bigrams (a lone character as itself)."""
    terms: list[str] = []
    for word in words(text):
        runs = _CJK.split(word)
        terms.extend(run for run in runs if run)
        for run in _CJK.findall(word):
            terms.extend([run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)])
    return terms


class Okapi:
    """Plain Okapi BM25 over whole documents (Robertson's idf, floored at 0)."""

    def __init__(
        self, docs: Sequence[tuple[str, list[str]]], k1: float = 1.2, b: float = 0.75
    ) -> None:
        self.ids = [doc_id for doc_id, _ in docs]
        self.tf = [Counter(terms) for _, terms in docs]
        self.lengths = [len(terms) for _, terms in docs]
        self.avg = sum(self.lengths) / max(1, len(docs))
        df = Counter(term for counts in self.tf for term in counts)
        n = len(docs)
        self.idf = {t: max(0.0, math.log((n - d + 0.5) / (d + 0.5) + 1)) for t, d in df.items()}
        self.k1, self.b = k1, b

    def top(self, query: list[str], k: int) -> list[str]:
        scores: dict[int, float] = defaultdict(float)
        for term in set(query):
            idf = self.idf.get(term, 0.0)
            for i, counts in enumerate(self.tf):
                f = counts.get(term, 0)
                if f:
                    norm = self.k1 * (1 - self.b + self.b * self.lengths[i] / self.avg)
                    scores[i] += idf * f * (self.k1 + 1) / (f + norm)
        best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]
        return [self.ids[i] for i, _ in best]


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


def service_ranker(memory: Any) -> Callable[[str, int], list[str]]:
    def top(question: str, k: int) -> list[str]:
        results = memory.search(question, user_id=TENANT, limit=k)["results"]
        return [_turn_of(hit) for hit in results]

    return top


def _turn_of(hit: dict[str, Any]) -> str:
    record = hit.get("fact") or hit.get("episode") or {}
    return str((record.get("metadata") or {}).get("turn", ""))


# -- scoring ----------------------------------------------------------------------------------


@dataclass
class Score:
    n: int = 0
    r5: float = 0.0
    r10: float = 0.0
    hit10: float = 0.0

    def add(self, ranked: list[str], evidence: frozenset[str]) -> None:
        self.n += 1
        self.r5 += len(evidence & set(ranked[:5])) / len(evidence)
        self.r10 += len(evidence & set(ranked[:10])) / len(evidence)
        self.hit10 += 1.0 if evidence & set(ranked[:10]) else 0.0

    def means(self) -> tuple[float, float, float]:
        n = max(1, self.n)
        return self.r5 / n, self.r10 / n, self.hit10 / n


Scores = dict[str, dict[str, Score]]
"""Per part (`dev`, `held-out`, `all`), per category and over all questions ("all")."""


def evaluate(corpus: Corpus, top: Callable[[str, int], list[str]]) -> Scores:
    scores: Scores = defaultdict(lambda: defaultdict(Score))
    for q in corpus.questions:
        ranked = top(q.text, 10)
        for part in (q.part, "all"):
            scores[part][q.category].add(ranked, q.evidence)
            scores[part]["all"].add(ranked, q.evidence)
    return {part: dict(by_category) for part, by_category in scores.items()}


def bm25_ranker(
    corpus: Corpus, terms: Callable[[str], list[str]] = words
) -> Callable[[str, int], list[str]]:
    index = Okapi([(t.id, terms(t.text)) for t in corpus.turns])
    return lambda question, k: index.top(terms(question), k)


def run(
    corpus: Corpus,
    modes: Sequence[str],
    memories: Callable[[], Any] | None = None,
    terms: Callable[[str], list[str]] = words,
) -> dict[str, Scores]:
    """Every system's scores over one corpus: "bm25" (over `terms`) and each service mode,
    each mode on a fresh store (`memories()` makes one; default: an embedded store in a
    temporary folder)."""
    results = {"bm25": evaluate(corpus, bm25_ranker(corpus, terms))}
    for mode in modes:
        with tempfile.TemporaryDirectory(prefix="palimpsest-recall-") as folder:
            memory = memories() if memories is not None else _embedded(Path(folder))
            try:
                seconds = ingest(memory, corpus, infer=mode == "default")
                print(f"# {mode}: {len(corpus.turns)} turns added in {seconds:.1f} s")
                results[mode] = evaluate(corpus, service_ranker(memory))
            finally:
                if memories is None:
                    memory.close()
    return results


def _embedded(folder: Path) -> Any:
    from service import Memory

    return Memory(data_dir=folder)


def report(results: dict[str, Scores], part: str = "all") -> list[str]:
    """The table of one part of the questions (`dev`, `held-out` or `all`)."""
    base = results["bm25"].get(part, {})
    lines = [f"| {part}: category | n | system | recall@5 | recall@10 | hit@10 | r@10 / bm25 |"]
    lines.append("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for category in sorted(base, key=lambda c: (c == "all", c)):
        for system, scores in results.items():
            r5, r10, h10 = scores[part][category].means()
            ratio = r10 / max(1e-9, base[category].means()[1])
            lines.append(
                f"| {category} | {scores[part][category].n} | {system} | {r5:.3f} | {r10:.3f} "
                f"| {h10:.3f} | {ratio:.2f}x |"
            )
    return lines


SETS = {"friendsqa": words, "kdconv": bigrams}
"""Each data set and the terms of its BM25 baseline."""


def _neo4j(uri: str) -> Callable[[], Any]:
    """A Memory over the Neo4j server at `uri`, emptied of the benchmark's tenant first."""

    def make() -> Any:
        from bench.common import drop_group
        from graph.domain.tenancy import TenantScope
        from service import Memory

        memory = Memory(backend="neo4j", neo4j_uri=uri)
        drop_group(memory.container.store, TenantScope(user_id=TENANT).group_id)
        return memory

    return make


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(SETS), default="friendsqa")
    parser.add_argument("--scenes", type=int, default=None, help="first N scenes (all)")
    parser.add_argument("--modes", default="default,verbatim")
    parser.add_argument("--backend", choices=("sqlite", "neo4j"), default="sqlite")
    parser.add_argument("--neo4j-uri", default="bolt://127.0.0.1:7687")
    args = parser.parse_args(argv)
    corpus = load(args.scenes, name=args.set)
    print(f"# {args.set} slice: {len(corpus.turns)} turns, {len(corpus.questions)} questions")
    memories = _neo4j(args.neo4j_uri) if args.backend == "neo4j" else None
    results = run(corpus, [m for m in args.modes.split(",") if m], memories, SETS[args.set])
    for part in ("dev", "held-out", "all"):
        print("\n".join(report(results, part)) + "\n")


if __name__ == "__main__":
    main()
