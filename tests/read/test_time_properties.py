"""Hypothesis: for random sequences of writes, updates, imports and corrections made through the
real write path, the API's answers (GET /v1/facts, GET /v1/search) equal a brute-force
evaluation of the time rules (`graph.domain.timerules.visible`) over the tenant's full history,
for every kind of time argument: instants, days, months and years, as_of and known_at, alone
and together. Both backends.

The expected time question is built here from the documented meaning of each argument
(as_of: the whole period; known_at: an instant, or the end of a period), independently of the
service's own parsing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from graph.domain.timerules import Period, TimeQuery, visible
from graph.ports.facts import FactQuery
from service.clients.memory import Memory
from service.http.app import create_app
from tests.read.stories import clock_of
from tests.support.reads import reads

CITIES = ("Berlin", "Paris", "Rome", "Oslo", "Lyon", "Madrid")
BASE = datetime(2024, 1, 1, 9, tzinfo=UTC)
ONE_US = timedelta(microseconds=1)
_tenants = itertools.count()


@dataclass(frozen=True)
class Step:
    kind: str  # "say" (now), "dated" (an observation date), "import" (timestamp), "correct"
    city: int
    day: int  # observation day from BASE; for an import, days before now
    wait_hours: int  # clock advance before the step


steps = st.lists(
    st.builds(
        Step,
        kind=st.sampled_from(["say", "dated", "import", "correct"]),
        city=st.integers(0, len(CITIES) - 1),
        day=st.integers(0, 800),
        wait_hours=st.integers(1, 24 * 200),
    ),
    min_size=1,
    max_size=6,
)


def write(memory: Memory, user: str, step: Step) -> None:
    clock = clock_of(memory)
    clock.advance(timedelta(hours=step.wait_hours))
    city = CITIES[step.city]
    day = (BASE + timedelta(days=step.day)).date().isoformat()
    if step.kind == "say":
        memory.add(f"I live in {city}.", user_id=user)
    elif step.kind == "dated":
        memory.add(f"I live in {city}.", user_id=user, observation_date=day)
    elif step.kind == "import":
        past = (clock.now() - timedelta(days=step.day % 400)).date().isoformat()
        memory.add(f"I live in {city}.", user_id=user, observation_date=past, timestamp=past)
    else:
        other = CITIES[(step.city + 1) % len(CITIES)]
        memory.add(f"No, I live in {city}, not {other}.", user_id=user)


def history_of(memory: Memory, user: str) -> list[Fact]:
    group = TenantScope(user_id=user).group_id
    query = FactQuery(include_history=True, limit=1000)
    return reads(memory.container.store).facts.find(group, query, clock_of(memory).now())


def boundaries(records: list[Fact]) -> list[datetime]:
    """Every instant a record's visibility can change at, and its neighbours."""
    times = {
        t
        for f in records
        for t in (f.valid_at, f.invalid_at, f.created_at, f.invalidated_at, f.expired_at)
        if t is not None
    }
    return sorted({t + d for t in times for d in (-ONE_US, timedelta(0), ONE_US)})


def argument(moment: datetime, kind: str) -> tuple[str, datetime, datetime]:
    """An API time argument naming `moment`'s instant, day, month or year, with its period
    [start, end] (closed; end = the last microsecond)."""
    if kind == "instant":
        return moment.isoformat(), moment, moment
    if kind == "day":
        start = datetime(moment.year, moment.month, moment.day, tzinfo=UTC)
        return start.date().isoformat(), start, start + timedelta(days=1) - ONE_US
    if kind == "month":
        start = datetime(moment.year, moment.month, 1, tzinfo=UTC)
        following = datetime(moment.year + moment.month // 12, moment.month % 12 + 1, 1, tzinfo=UTC)
        return f"{moment.year:04d}-{moment.month:02d}", start, following - ONE_US
    start = datetime(moment.year, 1, 1, tzinfo=UTC)
    return f"{moment.year:04d}", start, datetime(moment.year + 1, 1, 1, tzinfo=UTC) - ONE_US


@dataclass(frozen=True)
class Ask:
    as_of: tuple[int, str] | None  # (boundary index, kind)
    known_at: tuple[int, str] | None


KINDS = st.sampled_from(["instant", "day", "month", "year"])
asks = st.lists(
    st.builds(
        Ask,
        as_of=st.none() | st.tuples(st.integers(0, 10_000), KINDS),
        known_at=st.none() | st.tuples(st.integers(0, 10_000), KINDS),
    ),
    min_size=1,
    max_size=6,
)


def question(ask: Ask, points: list[datetime]) -> tuple[dict[str, str], TimeQuery]:
    params: dict[str, str] = {}
    period = known = None
    if ask.as_of is not None:
        text, start, end = argument(points[ask.as_of[0] % len(points)], ask.as_of[1])
        params["as_of"], period = text, Period(start, end)
    if ask.known_at is not None:
        text, start, end = argument(points[ask.known_at[0] % len(points)], ask.known_at[1])
        params["known_at"], known = text, (start if ask.known_at[1] == "instant" else end)
    return params, TimeQuery(as_of=period, known_at=known)


PROPERTY = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture
def api(memory: Memory) -> Any:
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as client:
        yield client


@PROPERTY
@given(plan=steps, questions=asks)
def test_api_answers_equal_the_time_rules_over_the_full_history(
    memory: Memory, api: TestClient, plan: list[Step], questions: list[Ask]
) -> None:
    user = f"prop{next(_tenants)}"
    clock = clock_of(memory)
    clock.set(BASE)
    for step in plan:
        write(memory, user, step)
    records = history_of(memory, user)
    points = boundaries(records)
    for ask in [Ask(None, None), *questions]:
        params, time = question(ask, points)
        now = clock.advance(timedelta(hours=1))
        clock.set(now)
        expected = {f.uuid for f in records if visible(f, time, now)}
        response = api.get("/v1/facts", params={"user_id": user, "limit": 1000, **params})
        assert response.status_code == 200, response.text
        assert {f["id"] for f in response.json()["facts"]} == expected, params
        clock.set(now)
        found = api.get("/v1/search", params={"q": "where do I live", "user_id": user, **params})
        assert found.status_code == 200, found.text
        hits = found.json()["results"]
        assert {h["id"] for h in hits if h["kind"] == "fact"} == expected, params
