"""Turns read as one conversation by the rule extractor, and the facts a turn gave."""

from __future__ import annotations

from datetime import UTC, datetime

from extractors.rules import RuleExtractor
from extractors.schema import Job, TurnReading

REF = datetime(2024, 1, 1, tzinfo=UTC)


def read(turns: tuple[str, ...]) -> list[TurnReading]:
    """The turns read as one conversation."""
    return RuleExtractor().read_turns([Job(t, REF, conversation="c") for t in turns])


def facts(reading: TurnReading) -> list[tuple[str, str, str]]:
    """(subject, predicate, value) of each fact a turn gave."""
    return [(f.subject, f.predicate, f.value) for f in reading.facts]
