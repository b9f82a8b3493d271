"""bench/write's scaling bounds: what two extraction processes could gain over in-process
planning, measured against the in-process batch's wall time (which already overlaps the
store's commit with planning), not its CPU."""

from __future__ import annotations

import pytest

from bench.write.batch import scaling_bounds


def row(wall: float, writer_cpu: float, workers_cpu: float = 0.0) -> dict[str, float]:
    return {"wall": wall, "writer_cpu": writer_cpu, "workers_cpu": workers_cpu}


def test_the_cores_bound_spreads_the_pooled_cpu_over_the_cores() -> None:
    # in-process: 2.75 s of CPU in 2.44 s of wall; pooled: writer 1.0 s, extraction 1.9 s
    bounds = scaling_bounds(row(2.44, 2.75), row(1.6, 1.0, 1.9), cores=2)
    assert bounds.cores == pytest.approx(2.44 / 1.45)
    assert bounds.writer == pytest.approx(2.44)
    assert bounds.in_process_cores == pytest.approx(2.75 / 2.44)
    assert bounds.extra_cpu == pytest.approx(2.9 / 2.75)


def test_a_busy_writer_bounds_the_pool_when_it_outweighs_the_spread_cpu() -> None:
    bounds = scaling_bounds(row(3.0, 3.0), row(2.0, 2.0, 1.0), cores=2)
    assert bounds.cores == pytest.approx(1.5)  # the writer's 2.0 s, not (2 + 1) / 2
    assert bounds.cores == bounds.writer


def test_more_cores_raise_the_cpu_bound_up_to_the_writer() -> None:
    one, many = row(4.0, 4.0), row(2.0, 1.0, 3.0)
    two, eight = scaling_bounds(one, many, cores=2), scaling_bounds(one, many, cores=8)
    assert two.cores == pytest.approx(2.0)
    assert eight.cores == pytest.approx(4.0)  # capped by the writer's 1.0 s
