"""Why an annotated triple was missed, by class, so rules are written for classes of input.

Every triple of a turn falls in exactly one class (`classify`):

* `exact`: some fact has the value (normalised) and the triple's entity as subject: a hit;
* `exact, wrong subject`: the value exactly, about someone else (`speaker` or `other`);
* `value longer` / `value shorter`: a fact about the entity contains the value or is
  contained in it (loose, not exact): a boundary error;
* `loose, wrong subject`: a loose value about someone else (`speaker` or `other`);
* `no fact`: the value is in the turn, the turn gave no fact;
* `subject right, value missed`: facts about the entity, none with this value;
* `other facts only`: facts, none about the entity, none with the value;
* `value not in text`: the annotated value is not in the turn's words (out of reach of any
  extractor that reads only the turn).

`python -m bench.about --classes N` prints the N largest (class, relation) groups of the
tune half with one example each; `--dump FILE` writes every tune triple's class with its turn
and facts, one JSON object a line.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

Fact = tuple[str, str, str, int, str]
Triple = tuple[str, str, str]
Case = tuple[str, str, str]  # class, relation, example line

SPEAKERS = frozenset({"<speaker>", "<user>"})


def classify(
    text: str,
    triple: Triple,
    facts: Sequence[Fact],
    norm: Callable[[str], str],
    loose: Callable[[str, str], bool],
    same: Callable[[str, str], bool],
) -> str:
    """The class of one annotated triple against the facts made from its turn."""
    entity, _, value = triple
    wanted = norm(value)
    exact = [f for f in facts if norm(f[2]) == wanted]
    if exact:
        return "exact" if any(same(f[0], entity) for f in exact) else _wrong("exact", exact)
    found = [f for f in facts if loose(f[2], value)]
    about = [f for f in found if same(f[0], entity)]
    if about:
        longer = any(len(norm(f[2])) > len(wanted) for f in about)
        return "value longer" if longer else "value shorter"
    if found:
        return _wrong("loose", found)
    if wanted not in norm(text):
        return "value not in text"
    if not facts:
        return "no fact"
    if any(same(f[0], entity) for f in facts):
        return "subject right, value missed"
    return "other facts only"


def _wrong(how: str, facts: Sequence[Fact]) -> str:
    who = "speaker" if any(f[0] in SPEAKERS for f in facts) else "other"
    return f"{how}, wrong subject ({who})"


def line(text: str, triple: Triple, facts: Sequence[Fact]) -> str:
    entity, relation, value = triple
    shown = "; ".join(f"{f[0]}|{f[1]}|{f[2]}" for f in facts) or "-"
    return f"{relation}={value} @ {entity} | {text} | {shown}"


def print_classes(cases: Sequence[Case], top: int) -> None:
    """Class totals, then the `top` largest (class, relation) groups with an example."""
    total = len(cases) or 1
    by_class = Counter(c for c, _, _ in cases)
    print(
        "  tune triples by class: "
        + ", ".join(f"{c} {100 * n / total:.1f}%" for c, n in by_class.most_common())
    )
    groups = Counter((c, r) for c, r, _ in cases if c != "exact")
    example = {(c, r): e for c, r, e in reversed(cases)}
    for (cls, relation), n in groups.most_common(top):
        print(f"  {n:5} {cls:32} {relation:8} e.g. {example[(cls, relation)]}")


def dump(cases: Sequence[Case], path: Path) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for cls, relation, example in cases:
            row = {"class": cls, "relation": relation, "case": example}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
