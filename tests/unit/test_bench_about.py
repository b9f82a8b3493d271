"""bench.about's scoring: a value held by the speaker's own taste is counted apart."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from bench.about import driver
from bench.about.third_parties import Fact, Score

TRIPLE = ("The Blind Side", "starring", "Sandra Bullock")
LIKED: Fact = ("<speaker>", "likes", "Sandra Bullock", 1, "preference")
OTHER: Fact = ("Gravity", "starring", "Sandra Bullock", 1, "general")
AGREED: Fact = ("The Blind Side", "starring", "Sandra Bullock", 1, "general")


@pytest.mark.parametrize(
    ("facts", "counts"),
    [
        ([LIKED], (1, 0, 1)),  # the speaker's taste: found, disagreeing, counted apart
        ([OTHER], (1, 0, 0)),  # another referent's: a wrong subject, no taste
        ([LIKED, AGREED], (1, 1, 0)),  # an agreeing fact beside a liking: agreed
    ],
)
def test_a_value_of_the_speakers_taste_is_counted_apart(
    facts: list[Fact], counts: tuple[int, int, int]
) -> None:
    score = Score()
    score.turn("I like Sandra Bullock", [TRIPLE], facts)
    assert (score.loose, score.agreed, score.taste) == counts


def test_the_driver_waits_until_counting_is_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under --instructions the driver says its models are loaded (its pid in the ready
    file) and extracts nothing until the bench has turned counting on (the .go file)."""

    ready = tmp_path / "ready"
    monkeypatch.setenv("PALIMPSEST_BENCH_READY", str(ready))
    waiting = threading.Thread(target=driver._wait_for_counting)
    waiting.start()
    deadline = time.monotonic() + 10
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ready.read_text("utf-8") == str(os.getpid())
    waiting.join(0.3)
    assert waiting.is_alive()  # still waiting: counting is not on yet
    (tmp_path / "ready.go").touch()
    waiting.join(10)
    assert not waiting.is_alive()


def test_the_driver_does_not_wait_without_the_bench(monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.delenv("PALIMPSEST_BENCH_READY", raising=False)
    driver._wait_for_counting()  # returns at once
