"""Hypothesis: resolving twice changes nothing; rollback restores exactly the prior visible
state; no version chain is ever broken. On both backends, through the real write path."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.domain.chains import chain_problems
from graph.domain.errors import ConflictError
from graph.domain.tenancy import TenantScope
from graph.ports.facts import FactQuery
from service.clients.memory import Memory
from tests.support.reads import reads

PROPERTY = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
_tenants = itertools.count()

statements = st.tuples(
    st.sampled_from(
        [
            "I live in {}",
            "I like {}",
            "I don't like {}",
            "Atlas supports {}",
            "Atlas does not support {}",
            "The meeting room is {}",
        ]
    ),
    st.sampled_from(["Oslo", "Rome", "Kyiv", "SSO", "jazz"]),
    st.sampled_from(["user", "user", "web_search", "file"]),
    st.integers(2023, 2026),
)


def tenant() -> str:
    return f"p{next(_tenants)}x{id(object())}"


def write(memory: Memory, user: str, item: tuple[str, str, str, int]) -> list[str]:
    template, word, source, year = item
    out = memory.add(
        template.format(word), user_id=user, source_type=source, observation_date=f"{year}-06-01"
    )
    return [r["id"] for r in out["results"] if r["event"] not in ("DUPLICATE", "NOOP")]


def visible(memory: Memory, user: str) -> list[Any]:
    group = TenantScope(user_id=user).group_id
    now = memory.container.clock.now()
    return sorted(
        reads(memory.container.store).facts.find(group, FactQuery(limit=1000), now),
        key=lambda f: f.uuid,
    )


def everything(memory: Memory, user: str) -> list[Any]:
    group = TenantScope(user_id=user).group_id
    query = FactQuery(include_history=True, limit=1000)
    return reads(memory.container.store).facts.find(group, query, memory.container.clock.now())


@PROPERTY
@given(writes=st.lists(statements, min_size=1, max_size=6))
def test_resolving_twice_changes_nothing(shared_memory: Memory, writes: list[Any]) -> None:
    user = tenant()
    for item in writes:
        write(shared_memory, user, item)
    for fact in visible(shared_memory, user):
        if fact in visible(shared_memory, user):
            shared_memory.conflict_resolve(fact_id=fact.uuid, user_id=user, dry_run=False)
    settled = everything(shared_memory, user)
    for fact in visible(shared_memory, user):
        again = shared_memory.conflict_resolve(fact_id=fact.uuid, user_id=user, dry_run=False)
        assert again["executed"] is False
    assert everything(shared_memory, user) == settled


@PROPERTY
@given(before=st.lists(statements, max_size=5), last=statements)
def test_rollback_restores_exactly_the_prior_visible_state(
    shared_memory: Memory, before: list[Any], last: Any
) -> None:
    user = tenant()
    for item in before:
        write(shared_memory, user, item)
    prior = visible(shared_memory, user)
    created = write(shared_memory, user, last)
    for fact_id in reversed(created):
        shared_memory.rollback(fact_id, user_id=user)
    assert visible(shared_memory, user) == prior


@PROPERTY
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["write", "resolve", "rollback", "confirm"]), statements),
        min_size=1,
        max_size=8,
    )
)
def test_no_chain_is_ever_broken(shared_memory: Memory, steps: list[Any]) -> None:
    user = tenant()
    written: list[str] = []
    for action, item in steps:
        if action == "write" or not written:
            written += write(shared_memory, user, item)
            continue
        target = written[len(item[1]) % len(written)]
        try:
            if action == "resolve":
                shared_memory.conflict_resolve(fact_id=target, user_id=user, dry_run=False)
            elif action == "rollback":
                shared_memory.rollback(target, user_id=user)
            else:
                shared_memory.confirm_fact(target, user_id=user)
        except ConflictError:
            pass  # refusing to skip a later action is the rule, not a failure
        except Exception as exc:  # an InvalidInput for a record no longer current is fine
            assert getattr(exc, "code", None) in {"invalid_input"}, exc
        assert chain_problems(everything(shared_memory, user)) == []
