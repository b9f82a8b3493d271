"""The leak benchmark's code (bench/leak.py) through the real `add`, on both backends, over a
slice written for this test (`leak_slice.jsonl` beside it: invented credentials in real
providers' formats and near misses, in the benchmark's shape; the benchmark's own data is
fetched, never committed): no labelled credential is found anywhere at rest or in what `add`
returned, every credential turn leaves a value-free record, no fact is made of a placeholder,
and the near misses are not masked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.leak import PATHS, masked_any, recallable, run_path
from bench.leakcases import leaked, load_cases
from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from service.memory import Memory

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
    assert stored, "nothing was stored: the test would prove nothing"
    assert [c.rule for c in POSITIVES if leaked(c.secret, written + stored)] == []
    if path == "sync":
        assert all(recallable(o) for o in outputs)


def test_near_misses_are_not_masked(memory: Memory) -> None:
    outputs, _ = run_path(memory, "sync", NEGATIVES)
    assert [c.text for c, o in zip(NEGATIVES, outputs, strict=True) if masked_any(o)] == []
