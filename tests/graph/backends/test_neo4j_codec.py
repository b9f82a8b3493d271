"""Neo4j reads return fact and episode times as ISO 8601 text (`toString` in
cypher/fragment_fact_fields.cypher); the codec turns them back into the same aware instants
that were stored, whatever offset or named zone Neo4j printed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from graph.backends.neo4j import codec


@pytest.mark.parametrize(
    ("text", "instant"),
    [
        ("2024-01-01T00:00:00Z", datetime(2024, 1, 1, tzinfo=UTC)),
        ("2024-01-01T00:00:00.5Z", datetime(2024, 1, 1, 0, 0, 0, 500000, tzinfo=UTC)),
        ("2024-01-01T00:00:00.123456Z", datetime(2024, 1, 1, 0, 0, 0, 123456, tzinfo=UTC)),
        ("2024-01-01T01:00:00+01:00", datetime(2024, 1, 1, tzinfo=UTC)),
        ("2024-01-01T01:00+01:00[Europe/Paris]", datetime(2024, 1, 1, tzinfo=UTC)),
    ],
)
def test_a_time_read_as_text_is_the_stored_instant(text: str, instant: datetime) -> None:
    for name in sorted(codec.TIME_PROPERTIES):
        value = codec.from_property(name, text)
        assert value == instant
        assert value.utcoffset() is not None


def test_text_that_is_not_a_time_property_stays_text() -> None:
    assert codec.from_property("fact", "2024-01-01T00:00:00Z") == "2024-01-01T00:00:00Z"
    assert codec.from_property("valid_at", None) is None


def test_a_fact_map_with_text_times_decodes_to_the_fact() -> None:
    stored = datetime(2023, 5, 4, 3, 2, 1, 654321, tzinfo=timezone(timedelta(0)))
    fact = codec.fact_from_map(
        {
            "uuid": "f1", "group_id": "u_x", "subject": "Ada", "subject_key": "ada",
            "subject_uuid": "e1", "object_uuid": "e2", "signature": "s1",
            "predicate": "lives_in", "value": "Lisbon", "value_key": "lisbon",
            "fact": "Ada lives in Lisbon.", "valid_at": stored.isoformat(),
            "knowledge_time": "2023-05-04T03:02:01.654321Z",
            "created_at": "2023-05-04T03:02:01.654321Z", "expired_at": None,
        }
    )  # fmt: skip
    assert fact.valid_at == fact.knowledge_time == fact.created_at == stored
    assert fact.expired_at is None


def test_a_batch_write_sends_its_times_as_text_and_the_rest_as_they_were() -> None:
    made = datetime(2023, 5, 4, 3, 2, 1, 654321, tzinfo=UTC)
    fact = codec.fact_from_map(
        {
            "uuid": "f1", "group_id": "u_x", "subject": "Ada", "subject_key": "ada",
            "subject_uuid": "e1", "object_uuid": "e2", "signature": "s1",
            "predicate": "lives_in", "value": "Lisbon", "value_key": "lisbon",
            "fact": "Ada lives in Lisbon.", "valid_at": made.isoformat(),
            "knowledge_time": made.isoformat(), "created_at": made.isoformat(),
            "fact_embedding": [0.25, -1.5],
        }
    )  # fmt: skip
    props = codec.fact_props(fact)
    wired = codec.wire_times(props)
    times = wired["times"]
    assert set(times) == {*codec.TIME_PROPERTIES, "reference_time"}
    assert times["valid_at"] == times["reference_time"] == "2023-05-04T03:02:01.654321+00:00"
    assert times["expired_at"] is None and times["invalid_at"] is None
    assert datetime.fromisoformat(times["created_at"]) == made
    assert wired["props"] == {k: v for k, v in props.items() if k not in times}
    assert wired["props"]["fact_embedding"] == [0.25, -1.5]
