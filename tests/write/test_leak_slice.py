"""The leak benchmark's code (bench/notary/leak.py) through the real `add`, on both backends, over a
slice written for this test (`leak_slice.jsonl` beside it: invented credentials in real
providers' formats and near misses, in the benchmark's shape; the benchmark's own data is
fetched, never committed): no labelled credential is found anywhere at rest or in what `add`
returned, nor in any value the database holds (read back by the backend's own query:
`Maintenance.stored_text`), every credential turn leaves a value-free record, no fact is made
of a placeholder, and the near misses are not masked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.notary.cases import HALVES, half_of, leaked, load_cases
from bench.notary.leak import PATHS, halves, masked_any, recallable, run_path
from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory

CASES, _ = load_cases(Path(__file__).with_name("leak_slice.jsonl"))
POSITIVES = [c for c in CASES if c.positive]
NEGATIVES = [  # near misses of the kinds issue 14 names: fillers, references
    c for c in CASES if not c.positive and ("xxxx" in c.text.lower() or "${" in c.text)
][:6]


def _stored(memory: Memory) -> str:
    """Every record of the slice's tenants (`run_path` gives item i the user `u<i>`)."""
    lines = []
    for index in range(len(POSITIVES)):
        for record in memory.container.store.export(TenantScope(user_id=f"u{index}").group_id):
            if isinstance(record, Fact) and record.predicate != "said":  # `said`: the turn
                assert "REDACTED" not in record.value and "REDACTED" not in record.subject
            lines.append(json.dumps(record.model_dump(mode="json"), ensure_ascii=False))
    return "\n".join(lines)


def test_the_slice_is_not_empty() -> None:
    assert len(POSITIVES) >= 8 and len(NEGATIVES) >= 4
    assert len({c.family for c in POSITIVES}) >= 4


@pytest.mark.parametrize("path", PATHS)
def test_no_labelled_credential_at_rest(memory: Memory, path: str) -> None:
    outputs, written = run_path(memory, path, POSITIVES)
    stored = _stored(memory)
    at_rest = memory.container.store.maintenance().stored_text()
    assert stored, "nothing was stored: the test would prove nothing"
    assert "REDACTED" in at_rest, "the probe read nothing the notary wrote"
    assert [c.rule for c in POSITIVES if leaked(c.secret, written + stored + at_rest)] == []
    if path == "sync":
        assert all(recallable(o) for o in outputs)


def test_near_misses_are_not_masked(memory: Memory) -> None:
    outputs, _ = run_path(memory, "sync", NEGATIVES)
    assert [c.text for c, o in zip(NEGATIVES, outputs, strict=True) if masked_any(o)] == []


def test_the_probe_reads_every_value_at_rest(memory: Memory) -> None:
    """What `stored_text` returns holds what was written, so the leak test above can fail."""
    memory.add("Note: my cat is called Quetzalcoatl-Grimsby", user_id="probe")
    assert "Quetzalcoatl-Grimsby" in memory.container.store.maintenance().stored_text()


def test_the_halves_are_fixed_by_rule_id() -> None:
    """The benchmark's dev and held-out halves: every rule in exactly one, by its id alone."""
    assert {c.half for c in CASES} == set(HALVES)
    assert all(half_of(c.rule) == c.half for c in CASES)
    columns = halves("sync", POSITIVES, [True] * len(POSITIVES))
    assert set(columns) == {"sync/dev", "sync/held"}
    assert sum(col["all"][1] for col in columns.values()) == len(POSITIVES)
