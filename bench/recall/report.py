"""The tables bench/recall prints: every system on all questions, each group against the best
baseline, and issue 31's targets with the ratio each reached.

A system whose name starts with "bm25" is a baseline; for every measure, part and group, "the
best baseline" is the baseline scoring highest on that very measure (so a ratio is never
against a baseline chosen to be weak).
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.recall.classes import MULTI_TURN, SPEAKER
from bench.recall.scores import MEASURES, Score, Scores

SERVICE = "default"


def _baselines(results: dict[str, Scores]) -> list[str]:
    return [name for name in results if name.startswith("bm25")]


def best(results: dict[str, Scores], part: str, group: str, measure: str) -> tuple[str, float]:
    """The best baseline on one measure of one group, and its value."""
    scored = [
        (name, results[name][part][group].value(measure))
        for name in _baselines(results)
        if group in results[name].get(part, {})
    ]
    return max(scored, key=lambda pair: pair[1], default=("-", 0.0))


def report(results: dict[str, Scores], part: str = "all") -> list[str]:
    """Every system over all questions of one part, then each group's recall@10 and answer@10
    beside the best baseline's."""
    lines = [f"| {part}: system | n | " + " | ".join(MEASURES.values()) + " |"]
    lines.append("| --- | ---: |" + " ---: |" * len(MEASURES))
    for system, scores in results.items():
        total = scores.get(part, {}).get("all", Score())
        cells = " | ".join(f"{total.value(m):.3f}" for m in MEASURES)
        lines.append(f"| {system} | {total.n} | {cells} |")
    modes = [name for name in results if name not in _baselines(results)]
    lines += ["", f"| {part}: group | n | system | recall@5 | recall@10 | answer@10 | "
              "r@10 / best | a@10 / best | best r@10 (baseline) |"]  # fmt: skip
    lines.append("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    groups = results[_baselines(results)[0]].get(part, {})
    for group in sorted(groups, key=lambda g: (g == "all", g in (MULTI_TURN, SPEAKER), g)):
        name, r10 = best(results, part, group, "r10")
        a10 = best(results, part, group, "a10")[1]
        for mode in modes:
            s = results[mode][part][group]
            lines.append(
                f"| {group} | {s.n} | {mode} | {s.value('r5'):.3f} | {s.value('r10'):.3f} "
                f"| {s.value('a10'):.3f} | {_ratio(s.value('r10'), r10)} "
                f"| {_ratio(s.value('a10'), a10)} | {r10:.3f} ({name}) |"
            )
    return lines


def _ratio(ours: float, base: float) -> str:
    return f"{ours / base:.2f}x" if base > 0 else "-"


@dataclass(frozen=True)
class Target:
    label: str
    group: str
    measure: str
    goal: float
    absolute: bool = False
    """The goal is the measure itself, not a ratio to the best baseline."""


ENGLISH = (
    Target("evidence recall@10", "all", "r10", 1.3),
    Target("answer in the top 10 hits' text", "all", "a10", 1.2),
    Target("multi-hop (2+ turns) recall@10", MULTI_TURN, "r10", 1.5),
    Target("speaker question: that speaker's turn first", SPEAKER, "speaker_first", 0.9, True),
)
CHINESE = (
    Target("recall@5", "all", "r5", 1.25),
    Target("recall@10", "all", "r10", 1.25),
    Target("multi-hop (2+ turns) recall@10", MULTI_TURN, "r10", 1.5),
)
TARGETS = {"friendsqa": ENGLISH, "kdconv": CHINESE, "crosswoz": CHINESE}


def targets(results: dict[str, Scores], name: str, mode: str = SERVICE) -> list[str]:
    """Issue 31's targets for set `name` on the dev and held-out parts: the service's value,
    the best baseline's, the ratio and whether the goal is met."""
    if mode not in results:
        return []
    lines = [f"| {name}: target | part | n | {mode} | best baseline | ratio | goal | met |"]
    lines.append("| --- | --- | ---: | ---: | --- | ---: | ---: | --- |")
    for t in TARGETS.get(name, ()):
        for part in ("dev", "held-out"):
            score = results[mode].get(part, {}).get(t.group)
            if score is None:
                continue
            ours = score.value(t.measure)
            base, value = best(results, part, t.group, t.measure)
            reached = ours if t.absolute else ours / value if value > 0 else 0.0
            shown = f"{reached:.3f}" if t.absolute else f"{reached:.2f}x"
            goal = f"{t.goal:.2f}" if t.absolute else f"{t.goal:.2f}x"
            lines.append(
                f"| {t.label} | {part} | {score.n} | {ours:.3f} | {value:.3f} ({base}) "
                f"| {shown} | {goal} | {'yes' if reached >= t.goal else 'NO'} |"
            )
    return lines
