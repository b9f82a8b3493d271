"""graphiti's records -> ours, without a database: the clocks, and which edge superseded which."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphiti_core.edges import EntityEdge

from graph.domain.model import Entity
from service.graphiti.compat import EdgeContext, fact_from_edge
from service.graphiti.migrate import supersession

T = datetime(2024, 3, 1, tzinfo=UTC)
ALICE = Entity(uuid="a", group_id="u_x", name="Alice", normalized="alice", created_at=T)
BERLIN = Entity(uuid="b", group_id="u_x", name="Berlin", normalized="berlin", created_at=T)


def edge(**fields: object) -> EntityEdge:
    base: dict[str, object] = {
        "group_id": "g",
        "source_node_uuid": "s",
        "target_node_uuid": "t",
        "name": "LIVES_IN",
        "fact": "Alice lives in Berlin",
        "created_at": T,
    }
    return EntityEdge(**{**base, **fields})


def ours(e: EntityEdge, episode_valid_at: datetime | None = None) -> object:
    ctx = EdgeContext("f", "u_x", "x", ALICE, BERLIN, ("ep",), episode_valid_at, None)
    return fact_from_edge(e, ctx)


def test_an_ended_edge_stays_believed_and_its_expiry_is_when_the_end_was_learned() -> None:
    fact = ours(
        edge(valid_at=T, invalid_at=T + timedelta(days=9), expired_at=T + timedelta(days=10))
    )
    assert (fact.invalid_at, fact.invalidated_at, fact.expired_at) == (  # type: ignore[attr-defined]
        T + timedelta(days=9),
        T + timedelta(days=10),
        None,
    )


def test_an_expired_edge_without_an_end_is_a_retraction() -> None:
    fact = ours(edge(valid_at=T, expired_at=T + timedelta(days=1)))
    assert (fact.invalid_at, fact.expired_at) == (None, T + timedelta(days=1))  # type: ignore[attr-defined]


def test_an_end_known_from_the_start_was_learned_when_recorded() -> None:
    fact = ours(edge(valid_at=T - timedelta(days=5), invalid_at=T - timedelta(days=1)))
    assert fact.invalidated_at == T  # type: ignore[attr-defined]


def test_missing_times_come_from_the_reference_time_then_the_episode() -> None:
    said = T - timedelta(days=3)
    fact = ours(edge(reference_time=said))
    assert (fact.valid_at, fact.knowledge_time) == (said, said)  # type: ignore[attr-defined]
    fact = ours(edge(), episode_valid_at=said - timedelta(days=1))
    assert fact.knowledge_time == said - timedelta(days=1)  # type: ignore[attr-defined]
    assert ours(edge()).valid_at == T  # type: ignore[attr-defined]


def test_naive_times_are_utc_and_an_end_before_the_start_is_clamped() -> None:
    naive = datetime(2024, 1, 1)  # noqa: DTZ001 - what a graphiti graph may hold
    fact = ours(edge(valid_at=naive, invalid_at=naive - timedelta(days=1), created_at=naive))
    start = naive.replace(tzinfo=UTC)
    assert (fact.valid_at, fact.invalid_at, fact.created_at) == (start, start, start)  # type: ignore[attr-defined]


def test_predicate_is_the_relation_name_lowered_and_the_origin_is_kept() -> None:
    fact = ours(edge(valid_at=T, attributes={"since": T}))
    assert (fact.predicate, fact.subject, fact.value) == ("lives_in", "Alice", "Berlin")  # type: ignore[attr-defined]
    assert fact.metadata["graphiti"]["attributes"] == {"since": str(T)}  # type: ignore[attr-defined]


def test_the_successor_is_the_same_subjects_edge_starting_when_the_old_one_ended() -> None:
    y20, y24 = T - timedelta(days=1500), T
    old = edge(uuid="old", valid_at=y20, invalid_at=y24)
    other_relation = edge(uuid="job", name="WORKS_AT", valid_at=y24)
    same_relation = edge(uuid="new", valid_at=y24, target_node_uuid="p")
    elsewhere = edge(uuid="bob", source_node_uuid="bob", valid_at=y24)
    assert supersession([old, other_relation, same_relation, elsewhere]) == {"old": "new"}
    assert supersession([old, other_relation, elsewhere]) == {"old": "job"}
    assert supersession([old, elsewhere]) == {}
    assert supersession([edge(uuid="open", valid_at=y20), same_relation]) == {}
