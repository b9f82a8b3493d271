"""bench.load.writers's stage line splits a write's mean latency without counting a stage twice: the
transaction (`store`) contains the stages inside the write lock (issue 32: it printed a
negative remainder on Neo4j when both were summed)."""

from __future__ import annotations

import re

from bench.load.writers import Tally, stages_line
from service.write.planner import Timings


def numbers(text: str) -> dict[str, float]:
    found = re.findall(r"([a-zA-Z][a-zA-Z _]*?) (-?\d+\.\d)", text.split(";", 1)[1])
    return {name.strip(): float(value) for name, value in found}


def test_the_parts_add_up_to_the_mean_latency_and_none_is_negative() -> None:
    timings = Timings()
    seconds = {"parse": 0.1, "notary": 0.1, "extract": 1.0, "embed": 0.8, "plan": 0.2}
    seconds |= {"store": 3.0, "store_cpu": 0.5, "align": 1.0, "persist": 0.9, "ledger": 0.6}
    timings.add(seconds)
    tally = Tally(latencies=[0.6] * 10)  # 600 ms a write; stages: 2.2 s + 3.0 s over 10
    parts = numbers(stages_line("neo4j", timings, tally))
    assert parts["before the transaction"] == 220.0
    assert parts["transaction"] == 300.0
    assert parts["inside the write lock"] == 250.0
    assert parts["waiting for it and commit"] == 50.0
    assert parts["HTTP and queueing"] == 80.0
    assert min(parts.values()) >= 0
