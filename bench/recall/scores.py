"""What bench/recall scores, per question and per group of questions.

* evidence recall@5 and @10: the share of a question's evidence turns among its first k hits;
  hit@10: at least one of them in the first 10;
* answer@5 and @10 ("the answer in the hits"): for a question whose answer is a span of one of
  its evidence turns, does a normalised answer appear in the *text* of the first k hits, the
  text an agent reads (for the service: each hit's `memory` and the turn it carries; for a
  baseline: the turn). Normalised: NFKC, case-folded, punctuation and English articles out,
  Latin words matched whole;
* speaker first: for a question that names a speaker as the one who said, asked or thought
  something ("What did Monica say about ...", bench/recall/classes.py), is the first hit a
  turn of that speaker?

Groups: each category, every class of bench/recall/classes.py ("2+ turns", "speaker") and
"all", in each part of the questions (`dev`, `held-out`, `all`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_ARTICLES = frozenset({"a", "an", "the"})

Hit = tuple[str, str]
"""(turn id, the text the hit shows)."""


class Asked(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def part(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def evidence(self) -> frozenset[str]: ...
    @property
    def answers(self) -> tuple[str, ...]: ...
    @property
    def named(self) -> str: ...
    @property
    def classes(self) -> tuple[str, ...]: ...


def normal(text: str) -> str:
    """`text` as answers are compared: NFKC, case-folded, its words (letters, digits, CJK
    runs) joined by one space, English articles out."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(t for t in _TOKEN.findall(folded) if t not in _ARTICLES)


def holds(text: str, answer: str) -> bool:
    """Does the normalised `text` hold the normalised `answer` (Latin words whole)?"""
    wanted = normal(answer)
    if not wanted:
        return False
    pattern = rf"(?<![a-z0-9]){re.escape(wanted)}(?![a-z0-9])"
    return re.search(pattern, normal(text)) is not None


@dataclass
class Score:
    n: int = 0
    r5: float = 0.0
    r10: float = 0.0
    hit10: float = 0.0
    answerable: int = 0
    a5: float = 0.0
    a10: float = 0.0
    speaker_asked: int = 0
    speaker_first: float = 0.0

    def add(self, q: Asked, hits: list[Hit], answerable: bool, first_speaker: str) -> None:
        ranked = [turn for turn, _ in hits]
        self.n += 1
        self.r5 += len(q.evidence & set(ranked[:5])) / len(q.evidence)
        self.r10 += len(q.evidence & set(ranked[:10])) / len(q.evidence)
        self.hit10 += 1.0 if q.evidence & set(ranked[:10]) else 0.0
        if answerable:
            self.answerable += 1
            self.a5 += _answered(q.answers, hits[:5])
            self.a10 += _answered(q.answers, hits[:10])
        if q.named:
            self.speaker_asked += 1
            self.speaker_first += 1.0 if q.named in first_speaker.split(" and ") else 0.0

    def value(self, measure: str) -> float:
        """One measure's mean over the questions it applies to (0.0 when none)."""
        if measure in ("a5", "a10"):
            return float(getattr(self, measure)) / max(1, self.answerable)
        if measure == "speaker_first":
            return self.speaker_first / max(1, self.speaker_asked)
        return float(getattr(self, measure)) / max(1, self.n)


def _answered(answers: Iterable[str], hits: list[Hit]) -> float:
    text = "\n".join(shown for _, shown in hits)
    return 1.0 if any(holds(text, answer) for answer in answers) else 0.0


Scores = dict[str, dict[str, Score]]
"""Per part (`dev`, `held-out`, `all`), per group (a category, a class, "all")."""


def evaluate(
    questions: Iterable[Asked],
    rank: Callable[[str, int], list[Hit]],
    answerable: Callable[[Any], bool],
    speaker_of: Callable[[str], str],
) -> Scores:
    scores: Scores = defaultdict(lambda: defaultdict(Score))
    for q in questions:
        hits = rank(q.text, 10)
        first = speaker_of(hits[0][0]) if hits else ""
        ok = answerable(q)
        for part in (q.part, "all"):
            for group in (q.category, *q.classes, "all"):
                scores[part][group].add(q, hits, ok, first)
    return {part: dict(groups) for part, groups in scores.items()}


MEASURES = {
    "r5": "recall@5",
    "r10": "recall@10",
    "hit10": "hit@10",
    "a5": "answer@5",
    "a10": "answer@10",
    "speaker_first": "speaker 1st",
}
