"""Storage conformance: the relational-walk verbs (`entity_edges`, `entities_by_uuid`)."""

from __future__ import annotations

import pytest

from graph.domain.errors import InvalidInput
from graph.domain.model import Fact
from graph.domain.timerules import Period, TimeQuery
from graph.ports.entities import EdgeQuery
from graph.ports.store import Store
from tests.builders import days
from tests.conftest import T0
from tests.read.stories import team_story
from tests.support.reads import reads

G = "u_alice"
OTHER = "u_bob"


def _uuids(found: list[Fact]) -> list[str]:
    return [f.uuid for f in found]


def test_edges_of_an_entity_touch_it_on_either_side_in_uuid_order(store: Store) -> None:
    story = team_story(store)
    acme = story["bob-works_at"].object_uuid
    found = reads(store).entities.edges(G, [acme], EdgeQuery(), T0)
    keys = ("alice-works_at", "bob-works_at", "dave-works_at", "Acme-located_in")
    expected = [story[k] for k in keys]
    assert _uuids(found) == sorted(f.uuid for f in expected)
    assert found[0] == min(expected, key=lambda f: f.uuid).model_copy(
        update={"fact_embedding": None}
    )


def test_edges_follow_the_time_question(store: Store) -> None:
    story = team_story(store)
    alice = story["alice-works_at"].subject_uuid
    now = reads(store).entities.edges(G, [alice], EdgeQuery(), T0)
    assert _uuids(now) == [story["alice-works_at"].uuid]
    then = EdgeQuery(time=TimeQuery(as_of=Period.point(T0 - days(200))))
    assert set(_uuids(reads(store).entities.edges(G, [alice], then, T0))) == {
        story["alice-works_at"].uuid,
        story["alice-lives_in"].uuid,
    }
    before_any = EdgeQuery(time=TimeQuery(known_at=T0 - days(1000)))
    assert reads(store).entities.edges(G, [alice], before_any, T0) == []
    every = EdgeQuery(time=None)
    assert len(reads(store).entities.edges(G, [alice], every, T0)) == 2


def test_edges_narrow_to_a_predicate_and_a_limit(store: Store) -> None:
    story = team_story(store)
    acme = story["bob-works_at"].object_uuid
    works = reads(store).entities.edges(G, [acme], EdgeQuery(predicate="works_at"), T0)
    assert {f.predicate for f in works} == {"works_at"} and len(works) == 3
    first = reads(store).entities.edges(G, [acme], EdgeQuery(limit=1), T0)
    assert _uuids(first) == _uuids(reads(store).entities.edges(G, [acme], EdgeQuery(), T0))[:1]
    with pytest.raises(InvalidInput):
        EdgeQuery(limit=0)


def test_edges_never_cross_tenants(store: Store) -> None:
    story = team_story(store)
    alice = story["alice-works_at"].subject_uuid
    assert reads(store).entities.edges(OTHER, [alice], EdgeQuery(), T0) == []
    assert reads(store).entities.edges(G, [], EdgeQuery(), T0) == []


def test_entities_by_uuid_reads_names_and_types_of_one_tenant(store: Store) -> None:
    story = team_story(store)
    ends = [story["bob-works_at"].subject_uuid, story["bob-works_at"].object_uuid]
    found = reads(store).entities.by_uuid(G, [*ends, "missing"])
    assert sorted(e.name for e in found) == ["Acme", "bob"]
    assert [e.uuid for e in found] == sorted(ends)
    assert reads(store).entities.by_uuid(OTHER, ends) == []
    assert reads(store).entities.by_uuid(G, []) == []
