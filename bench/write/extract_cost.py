"""Extraction CPU per message: this checkout against an older one, measured in one run.

Inputs: the first `--turns` turns of FriendsQA (English) and of KdConv (Chinese), the cached
turn slices of bench/data/friendsqa-turns.toml and kdconv-turns.toml, and the sentences of
TempEval-3's DATE expressions (bench/data/timex.toml: news, dense in times), each extracted
one message at a time with `RuleExtractor.extract` at a fixed reference. Each checkout runs in
a fresh process of its own (the two never share modules), alternating `--rounds` times; per
set the fastest round counts (a busy machine only ever slows a round down; times are the
process's CPU time). Prints milliseconds per message for both and the ratio (the issue's
bound: 1.2x).

    python -m bench.write.extract_cost --before /tmp/old-checkout [--rounds 3] [--turns 400]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from bench.data.sets import dataset_path
from bench.runner.checkouts import in_tree

HERE = Path(__file__).resolve().parents[2]
_RUN = """
import json, sys, time
from datetime import UTC, datetime
from extractors.rules import RuleExtractor
sets = json.load(sys.stdin)
extractor = RuleExtractor()
reference = datetime(2024, 5, 15, 10, tzinfo=UTC)
extractor.extract("I moved to Berlin last week. 我上周搬到了北京。", reference=reference)
out = {}
for name, texts in sets.items():
    start = time.process_time()
    for text in texts:
        extractor.extract(text, reference=reference)
    out[name] = time.process_time() - start
print(json.dumps(out))
"""


def inputs(turns: int) -> dict[str, list[str]]:
    """The three sets of messages (module doc)."""
    out = {}
    for name in ("friendsqa-turns", "kdconv-turns"):
        lines = dataset_path(name).read_text(encoding="utf-8").splitlines()
        out[name] = [json.loads(line)["text"] for line in lines[:turns]]
    items = json.loads(dataset_path("timex").read_text(encoding="utf-8"))["data"]
    out["timex sentences"] = sorted({item["context"] for item in items})[:turns]
    return out


def measure(before: Path, rounds: int, turns: int) -> list[str]:
    sets = inputs(turns)
    best: dict[str, dict[str, float]] = {"before": {}, "this": {}}
    for _ in range(rounds):
        for label, tree in (("before", before), ("this", HERE)):
            for name, seconds in in_tree(tree, _RUN, sets).items():
                best[label][name] = min(best[label].get(name, seconds), seconds)
    rows = ["set                 n   before ms/msg   this ms/msg   ratio"]
    for name, texts in sets.items():
        old, new = (1000 * best[k][name] / len(texts) for k in ("before", "this"))
        rows.append(f"{name:<17}{len(texts):>4}{old:>16.2f}{new:>14.2f}{new / old:>8.2f}x")
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.write.extract_cost", description=__doc__)
    parser.add_argument("--before", type=Path, required=True, help="the older checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--turns", type=int, default=400)
    args = parser.parse_args(argv)
    print("\n".join(measure(args.before, args.rounds, args.turns)))


if __name__ == "__main__":
    main()
