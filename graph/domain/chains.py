"""Version chains: the records of one subject and predicate, linked by supersedes/superseded_by.

A chain is broken when a link points at a record that does not exist, at the record itself, or
round in a circle; following such a chain would stop or loop without an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graph.domain.model import Fact


@dataclass(frozen=True)
class ChainProblem:
    """A broken link: `record`'s `link` field, and what is wrong with it."""

    record: str
    predicate: str
    scope: str
    link: str
    problem: str


def chain_problems(records: Sequence[Fact]) -> list[ChainProblem]:
    """Every broken link among `records` (all records of one subject), empty when sound."""
    by_id = {f.uuid: f for f in records}
    problems: list[ChainProblem] = []
    for fact in records:
        for link in ("supersedes", "superseded_by"):
            target = getattr(fact, link)
            if target is None:
                continue
            if target == fact.uuid:
                problems.append(_problem(fact, link, "points at itself"))
            elif target not in by_id:
                problems.append(_problem(fact, link, f"points at a missing record {target}"))
    problems += [_problem(by_id[u], "superseded_by", "is part of a cycle") for u in _cycles(by_id)]
    return problems


def _cycles(by_id: dict[str, Fact]) -> set[str]:
    looping: set[str] = set()
    for start in by_id:
        seen: list[str] = []
        current: str | None = start
        while current is not None and current in by_id and current not in seen:
            seen.append(current)
            current = by_id[current].superseded_by
        if current is not None and current in seen:
            looping.update(seen[seen.index(current) :])
    return looping


def _problem(fact: Fact, link: str, what: str) -> ChainProblem:
    return ChainProblem(fact.uuid, fact.predicate, fact.scope, link, f"{link} {what}")
