"""The stories the read tests tell, written through the real write path (`Memory.add`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from graph.domain.clock import ManualClock
from graph.domain.model import Fact
from graph.ports.store import Store
from service.clients.memory import Memory
from tests.builders import days, fact, record
from tests.conftest import T0


def at(year: int, month: int, day: int, hour: int = 0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


def clock_of(memory: Memory) -> ManualClock:
    clock = memory.container.clock
    assert isinstance(clock, ManualClock)
    return clock


def only_fact(out: dict[str, Any]) -> dict[str, Any]:
    (result,) = out["results"]
    fact: dict[str, Any] = result["fact"]
    return fact


def subscription_story(memory: Memory, user: str = "acme") -> dict[str, dict[str, Any]]:
    """Design text, opening story: unsubscribed in November 2025, resubscribed in February
    2026; asked in March 2026."""
    clock = clock_of(memory)
    clock.set(at(2025, 11, 10, 9))
    cancelled = only_fact(memory.add("The customer has unsubscribed.", user_id=user))
    clock.set(at(2026, 2, 12, 10))
    active = only_fact(memory.add("The customer has resubscribed.", user_id=user))
    clock.set(at(2026, 3, 15, 12))
    return {"cancelled": cancelled, "active": active}


def import_story(memory: Memory, user: str = "alice") -> None:
    """A 2024 history imported with its own dates, then the 2026 changes, asked in March 2026."""
    clock = clock_of(memory)
    clock.set(at(2026, 1, 20, 8))
    for when, text in (
        ("2024-02-01", "I live in Berlin."),
        ("2024-02-01", "I work at Acme."),
        ("2024-09-15", "I speak French."),
    ):
        memory.add(text, user_id=user, observation_date=when, timestamp=when)
    memory.add("I moved to Paris.", user_id=user, observation_date="2026-01-15")
    memory.add("I work at Globex now.", user_id=user, observation_date="2026-01-20")
    clock.set(at(2026, 3, 1, 12))


def correction_story(memory: Memory, user: str = "alice") -> dict[str, dict[str, Any]]:
    """Believed May 4 from 1 March 2026 09:00; corrected to May 3 on 5 March 09:00."""
    clock = clock_of(memory)
    clock.set(at(2026, 3, 1, 9))
    wrong = only_fact(memory.add("My birthday is May 4.", user_id=user))
    clock.set(at(2026, 3, 5, 9))
    right = only_fact(memory.add("No, my birthday is May 3, not May 4.", user_id=user))
    clock.set(at(2026, 4, 1, 12))
    return {"wrong": wrong, "right": right}


def team_story(store: Store, g: str = "u_alice") -> dict[str, Fact]:
    """alice and bob work at Acme (in Munich); alice lived in Berlin, where carol lives, until
    100 days ago; dave joined Acme 10 days ago (recorded then); another tenant has an alice.
    Written through the port; keyed "subject-predicate"."""
    stored = record(
        store,
        fact(g, "alice", "works_at", "Acme", valid_at=T0 - days(400)),
        fact(g, "bob", "works_at", "Acme", valid_at=T0 - days(300)),
        fact(g, "alice", "lives_in", "Berlin", valid_at=T0 - days(900), invalid_at=T0 - days(100)),
        fact(g, "carol", "lives_in", "Berlin", valid_at=T0 - days(800)),
        fact(g, "Acme", "located_in", "Munich", valid_at=T0 - days(900)),
        fact(g, "dave", "works_at", "Acme", valid_at=T0 - days(10), created_at=T0 - days(10)),
    )
    record(store, fact("u_bob", "alice", "works_at", "Globex", valid_at=T0 - days(10)))
    return {f"{f.subject}-{f.predicate}": f for f in stored}
