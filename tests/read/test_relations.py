"""Relational recall through the Python API (`Memory.graph`, `Memory.paths`): the subgraph
around an entity and the paths between two, for each time question, on every backend."""

from __future__ import annotations

import pytest

from graph.domain.errors import InvalidInput, NotFound
from graph.domain.model import Fact
from service.clients.memory import Memory
from tests.builders import days, fact, record
from tests.conftest import T0
from tests.read import stories

G = "u_alice"


def team_story(memory: Memory) -> dict[str, Fact]:
    return stories.team_story(memory.container.store)


def names(answer: dict[str, object]) -> set[str]:
    return {n["name"] for n in answer["nodes"]}  # type: ignore[attr-defined]


def edges(answer: dict[str, object]) -> set[tuple[str, str, str]]:
    return {(e["subject"], e["predicate"], e["value"]) for e in answer["edges"]}  # type: ignore[attr-defined]


def test_depth_one_is_what_touches_the_entity_now(memory: Memory) -> None:
    team_story(memory)
    answer = memory.graph("alice", user_id="alice")
    assert answer["entity"] == "alice"
    assert edges(answer) == {("alice", "works_at", "Acme")}
    assert names(answer) == {"alice", "Acme"}
    assert answer["next_cursor"] is None


def test_depth_two_reaches_colleagues_nearest_first(memory: Memory) -> None:
    team_story(memory)
    answer = memory.graph("alice", user_id="alice", depth=2)
    assert edges(answer) == {
        ("alice", "works_at", "Acme"),
        ("bob", "works_at", "Acme"),
        ("dave", "works_at", "Acme"),
        ("Acme", "located_in", "Munich"),
    }
    assert answer["edges"][0]["subject"] == "alice"
    assert names(answer) == {"alice", "Acme", "bob", "dave", "Munich"}


def test_as_of_and_known_at_redraw_the_graph(memory: Memory) -> None:
    team_story(memory)
    then = memory.graph("alice", user_id="alice", depth=2, as_of=(T0 - days(200)).date())
    assert ("carol", "lives_in", "Berlin") in edges(then)
    assert ("dave", "works_at", "Acme") not in edges(then)
    believed = memory.graph("alice", user_id="alice", depth=2, known_at=T0 - days(20))
    assert ("dave", "works_at", "Acme") not in edges(believed)
    assert ("bob", "works_at", "Acme") in edges(believed)


def test_pages_cover_the_walk_once(memory: Memory) -> None:
    team_story(memory)
    whole = memory.graph("alice", user_id="alice", depth=3)
    seen: list[str] = []
    cursor = None
    while True:
        page = memory.graph("alice", user_id="alice", depth=3, limit=2, cursor=cursor)
        assert len(page["edges"]) <= 2
        seen += [e["id"] for e in page["edges"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [e["id"] for e in whole["edges"]]


def test_a_predicate_narrows_the_walk(memory: Memory) -> None:
    team_story(memory)
    answer = memory.graph("Acme", user_id="alice", predicate="works_at")
    assert {e["subject"] for e in answer["edges"]} == {"alice", "bob", "dave"}


def test_an_unknown_entity_or_tenant_is_not_found(memory: Memory) -> None:
    team_story(memory)
    with pytest.raises(NotFound):
        memory.graph("zed", user_id="alice")
    other = memory.graph("alice", user_id="bob")
    assert edges(other) == {("alice", "works_at", "Globex")}
    with pytest.raises(InvalidInput):
        memory.graph("alice", user_id="alice", depth=4)


def test_paths_are_shortest_chains_for_the_time_question(memory: Memory) -> None:
    story = team_story(memory)
    now = memory.paths("alice", "bob", user_id="alice")
    assert now["from"] == "alice" and now["to"] == "bob"
    assert [[f["id"] for f in p] for p in now["paths"]] == [
        [story["alice-works_at"].uuid, story["bob-works_at"].uuid]
    ]
    assert memory.paths("alice", "carol", user_id="alice")["paths"] == []
    then = memory.paths("alice", "carol", user_id="alice", as_of=(T0 - days(200)).date())
    assert [[f["value"] for f in p] for p in then["paths"]] == [["Berlin", "Berlin"]]
    assert memory.paths("alice", "bob", user_id="alice", depth=1)["paths"] == []


def test_every_shortest_path_is_listed_up_to_the_limit(memory: Memory) -> None:
    team_story(memory)
    record(
        memory.container.store,
        fact(G, "bob", "friend_of", "erin", valid_at=T0 - days(5)),
        fact(G, "dave", "friend_of", "erin", valid_at=T0 - days(5)),
    )
    both = memory.paths("alice", "erin", user_id="alice")["paths"]
    assert sorted(p[1]["subject"] for p in both) == ["bob", "dave"]
    assert all(len(p) == 3 for p in both)
    assert len(memory.paths("alice", "erin", user_id="alice", limit=1)["paths"]) == 1
    with pytest.raises(InvalidInput):
        memory.paths("alice", "alice", user_id="alice")
