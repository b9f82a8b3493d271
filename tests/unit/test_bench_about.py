"""bench.about's scoring: a value held by the speaker's own taste is counted apart."""

from __future__ import annotations

import pytest

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
