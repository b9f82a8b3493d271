"""A fact's period from its candidate's times: `valid_at` and its granularity from the time
said (else the message's observation, else the episode's time), and `invalid_at` from an
`until` (docs/write.md, "Since and until"). A state said to hold until a time before it was
told, with no start of its own, is that state's ending then; one said to hold since a time,
with no end, is its start then ("I have lived in Denver since 2024": docs/write.md, "Told
later")."""

from __future__ import annotations

from datetime import datetime

from extractors.schema import CandidateFact
from graph.domain.enums import FactType, Granularity
from graph.domain.model import Episode
from service.write.request import PreparedAdd


def period_of(
    prepared: PreparedAdd, candidate: CandidateFact, episode: Episode
) -> tuple[CandidateFact, tuple[datetime, Granularity]]:
    """The candidate as stored (an ending, when it says so) and its `valid_at` and granularity."""
    valid = _valid(prepared, candidate, episode)
    if _ended_before(candidate, valid[0]):
        candidate = _as_ending(candidate)
        valid = _valid(prepared, candidate, episode)
    elif _holds_since(candidate):
        candidate = candidate.model_copy(update={"change": "starts"})
    return candidate, valid


def _valid(
    prepared: PreparedAdd, candidate: CandidateFact, episode: Episode
) -> tuple[datetime, Granularity]:
    if candidate.time is not None:
        return candidate.time.start, candidate.time.granularity
    if prepared.observation is not None:
        return prepared.observation.start, prepared.observation.granularity
    return episode.valid_at, Granularity.INSTANT


def _ended_before(candidate: CandidateFact, told: datetime) -> bool:
    """A state said to hold until a time before it was told, with no start of its own ("I
    worked at Siemens until 2019", 我2019年以前在华为工作, said in 2024)."""
    end = _stop(candidate)
    return end is not None and candidate.time is None and candidate.polarity > 0 and end < told


def _holds_since(candidate: CandidateFact) -> bool:
    """A plain assertion said to hold since a time, with no end ("since 2024", "for two years"
    after a perfect, 自从2024年, 住了五年了): it says when the state began."""
    time = candidate.time
    return (
        time is not None
        and time.role == "since"
        and candidate.until is None
        and candidate.polarity > 0
        and candidate.change == ""
        and candidate.fact_type is FactType.FACT
    )


def _as_ending(candidate: CandidateFact) -> CandidateFact:
    """That state's record is its ending at the `until` time (polarity -1, change "ends"), as
    "I left Siemens in 2019" is: it held up to then and does not now; when it began is not
    known, so an earlier record of it is closed there and none is made up."""
    until = candidate.until
    assert until is not None
    time = until.model_copy(update={"role": "at", "inclusive": False})
    if until.inclusive:  # it held through the period: it ended as the next one began
        time = time.model_copy(
            update={"start": until.end, "end": until.end + (until.end - until.start)}
        )
    update = {"polarity": -1, "change": "ends", "time": time, "until": None}
    return candidate.model_copy(update=update)


def invalid_at_of(candidate: CandidateFact, valid_at: datetime) -> datetime | None:
    """Where the record closes, if its `until` is not before its start."""
    end = _stop(candidate)
    return end if end is not None and end >= valid_at else None


def _stop(candidate: CandidateFact) -> datetime | None:
    """When an `until` says the fact stopped holding: the end of an inclusive period ("to
    2019" after "from 2015"), else its start ("until 2019")."""
    until = candidate.until
    if until is None:
        return None
    return until.end if until.inclusive else until.start
