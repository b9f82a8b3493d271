"""A write's answers (service/views.py) are made by `Out.trusted`, which skips
model_construct's loop over the fields when it is given every field in order: the instances
must be the ones model_construct makes, down to their JSON."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from graph.domain.conflicts import PredicateRules
from graph.domain.enums import Cardinality
from graph.domain.judge import Aligned, Policy, Statement, judge
from graph.domain.model import Alert, Candidate
from service import views
from service.views import (
    AddOut,
    AlertOut,
    CandidateOut,
    ConflictOut,
    FactOut,
    Out,
    ResultOut,
    fact_view,
    verdict_view,
)
from tests.builders import fact

T = datetime(2026, 11, 29, tzinfo=UTC)
OLD = fact("u_a", "alice", "lives_in", "Munich", valid_at=T - timedelta(days=9))
NEW = fact("u_a", "alice", "lives_in", "Lisbon", valid_at=T, metadata={"turn": [1, "ü"]})
VERDICT = judge(
    Statement(NEW, PredicateRules(Cardinality.SINGLE)), Aligned((OLD,)), Policy(), now=T
)
CANDIDATE = Candidate(
    uuid="c1", group_id="u_a", status="pending", rule="r", reason="why", fact=NEW, created_at=T
)


def same(made: Out, expected: Out) -> None:
    assert made == expected
    assert made.model_fields_set == expected.model_fields_set
    assert made.model_dump_json() == expected.model_dump_json()
    assert list(made.model_dump()) == list(expected.model_dump())


def test_each_answer_is_what_model_construct_makes() -> None:
    result = ResultOut.of(VERDICT)
    assert result.conflicts and result.fact.value == "Lisbon"
    answers: list[tuple[type[Out], dict[str, Any]]] = [
        (FactOut, fact_view(NEW)),
        (ConflictOut, verdict_view(VERDICT.findings[0], True)),
        (ResultOut, dict(result)),
        (AlertOut, {"kind": "credential", "detail": "a key", "span": [0, 3]}),
        (CandidateOut, dict(CandidateOut.of(CANDIDATE))),
        (AddOut, {"results": [result], "alerts": [], "candidates": [], "event_id": "e1",
                  "episode_id": None, "episode_ids": []}),
    ]  # fmt: skip
    for model, values in answers:
        same(model.trusted(dict(values)), model.model_construct(**values))
    same(AlertOut.of(Alert(kind="credential", detail="a key")),
         AlertOut.model_construct(kind="credential", detail="a key", span=None))  # fmt: skip


@pytest.mark.parametrize(
    "values",
    [
        {"event_id": "e1", "results": [], "alerts": []},  # another order, defaults left out
        {"results": [], "alerts": [], "extra": 1},  # a name that is no field
    ],
    ids=["reordered, defaults missing", "unknown name"],
)
def test_other_values_are_made_by_model_construct(values: dict[str, Any]) -> None:
    same(AddOut.trusted(dict(values)), AddOut.model_construct(**values))


EAST = timezone(timedelta(hours=-3))


class _Stamp(datetime):
    def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
        return "stamp"


@pytest.mark.parametrize(
    "times",
    [
        [T, T.astimezone(timezone(timedelta(hours=2))), T.astimezone(EAST)],
        [T.replace(microsecond=7), T.replace(tzinfo=None), T.replace(microsecond=7, tzinfo=None)],
        [T, _Stamp(2026, 11, 29, tzinfo=UTC)],
        [datetime(1, 1, 1, tzinfo=UTC), datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)],
    ],
    ids=["one instant in three zones", "microseconds and naive", "a subclass", "the ends"],
)
def test_a_time_shows_as_its_own_isoformat_whatever_was_shown_before(
    times: list[datetime],
) -> None:
    """Times are formatted once per instant and offset: each still shows as its isoformat."""
    for _ in range(2):
        for time in times:
            assert views._iso(time) == time.isoformat()
    assert views._iso(None) is None
