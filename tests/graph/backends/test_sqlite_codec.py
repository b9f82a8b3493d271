"""The embedded store's row decoding (graph/backends/sqlite/codec.py): a record read back from
its row is the record written, whatever the select list's column order or extra columns."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from graph.backends.sqlite import codec
from graph.domain.enums import FactType, OperationStatus, VerifyStatus
from graph.domain.model import Fact, LedgerEntry, Operation

AT = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)


def a_fact(**changes: object) -> Fact:
    fields: dict[str, object] = dict(
        uuid="f1", group_id="u_ann", user_id="ann", subject="ann", subject_key="ann",
        subject_uuid="e1", predicate="lives_in", value="Berlin", value_key="berlin",
        object_uuid="e2", fact="I live in Berlin.", valid_at=AT, knowledge_time=AT,
        created_at=AT, signature="s1",
    )  # fmt: skip
    fields.update(changes)
    return Fact.model_validate(fields)


def rows_of(fact: Fact, select: str) -> sqlite3.Row:
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    conn.execute(f"CREATE TABLE facts (id INTEGER PRIMARY KEY, {', '.join(codec.FACT_COLUMNS)})")
    marks = ", ".join(f":{c}" for c in codec.FACT_COLUMNS)
    conn.execute(
        f"INSERT INTO facts ({', '.join(codec.FACT_COLUMNS)}) VALUES ({marks})",
        codec.fact_params(fact),
    )
    row: sqlite3.Row = conn.execute(f"SELECT {select} FROM facts").fetchone()
    return row


FULL = a_fact(
    episodes=("ep1", "ep2"), episode_id="ep1", categories=("home",), source_span=(0, 17),
    metadata={"turn": 3}, disputed=True, invalid_at=AT, expired_at=AT, invalidated_at=AT,
    fact_type=FactType.HYPOTHESIS, verify_status=VerifyStatus.SUPERSEDED, confidence=0.5,
    fact_embedding=(0.5, -0.25),
)  # fmt: skip


@pytest.mark.parametrize("fact", [a_fact(), FULL], ids=["defaults", "every field set"])
@pytest.mark.parametrize(
    "select",
    [
        ", ".join(codec.FACT_COLUMNS),
        ", ".join(reversed(codec.FACT_COLUMNS)) + ", id AS row_id",
        "id AS row_id, " + ", ".join(sorted(codec.FACT_COLUMNS)),
    ],
    ids=["table order", "reversed plus a row id", "sorted after a row id"],
)
def test_a_record_reads_back_as_written_in_any_column_order(fact: Fact, select: str) -> None:
    row = rows_of(fact, select)
    assert codec.fact_from_row(row, with_embedding=True) == fact
    assert codec.fact_from_row(row) == fact.model_copy(update={"fact_embedding": None})


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(st.text(), max_size=4), others=st.lists(st.text(), max_size=3))
@example(texts=['", "', 'a"b', "c\\d", "\n", "上海"], others=["", "a, b"])
def test_lists_of_any_texts_read_back_as_written(texts: list[str], others: list[str]) -> None:
    """Lists of texts (a fact's episodes, categories, media references) are read without the
    JSON parser when nothing in them is escaped: any text, quotes, backslashes, control
    characters and the separator itself included, reads back as written."""
    fact = a_fact(episodes=tuple(texts), categories=tuple(others), media_refs=tuple(texts))
    assert codec.fact_from_row(rows_of(fact, ", ".join(codec.FACT_COLUMNS))) == fact


def test_a_row_without_every_fact_column_is_refused() -> None:
    row = rows_of(a_fact(), "uuid, group_id")
    with pytest.raises(ValueError, match="lacks the columns"):
        codec.fact_from_row(row)


ODD = FULL.model_copy(  # values a copy can hold that its field's type would not let in
    update={
        "scope": VerifyStatus.SUPERSEDED,  # an enumeration in a text column
        "cardinality": "multi",  # a text in an enumeration's column
        "polarity": True,  # a boolean in a number's column
        "confidence": 1,  # an integer in a float's column
        "episodes": ["ep1"],  # a list, not a tuple
        "categories": [],
        "metadata": {"nested": {"list": [1, "ü"], "t": None}},
        "media_refs": (),
        "source_span": None,
        "user_id": ("a", "b"),  # a tuple in a text column
        "run_id": AT,  # a time in a text column
        "episode_id": {"k": 1},  # a map in a text column
    }
)


@pytest.mark.parametrize(
    "fact", [a_fact(), FULL, ODD], ids=["defaults", "every field set", "odd values"]
)
def test_the_column_encoders_give_what_the_per_field_rule_gives(fact: Fact) -> None:
    """fact_params picks each column's encoder once; it must agree with encode_value on
    every field, including enums, booleans, times, JSON and the embedding."""
    expected = {name: codec.encode_value(name, getattr(fact, name)) for name in codec.FACT_COLUMNS}
    params = codec.fact_params(fact)
    assert params == expected
    assert [type(v) for v in params.values()] == [type(v) for v in expected.values()]


def test_operation_and_ledger_columns_are_the_records_fields_encoded() -> None:
    """The columns are made from the record's own values (no dump of the record first):
    the same as from its dump."""
    result = {"results": [{"id": "f1", "fact": {"metadata": {"ü": [1, 2]}}}], "alerts": []}
    operation = Operation(
        event_id="e1", group_id="u_ann", status=OperationStatus.SUCCEEDED, result=result,
        payload={"a": 1}, created_at=AT, updated_at=AT, lease_until=AT, worker="w",
    )  # fmt: skip
    dumped = operation.model_dump(mode="python")
    expected = {
        **dumped,
        "status": "SUCCEEDED",
        "created_at": codec.to_micros(AT),
        "updated_at": codec.to_micros(AT),
        "lease_until": codec.to_micros(AT),
        "payload": json.dumps({"a": 1}, ensure_ascii=False),
        "result": json.dumps(result, ensure_ascii=False),
        "error": None,
    }
    assert codec.operation_params(operation) == expected
    entry = LedgerEntry(
        group_id="u_ann", seq=3, prev_hash="0" * 64, hash="a" * 64, action="add",
        target_ids=("f1", "e1"), payload_digest="b" * 64, at=AT, records=("fact:f1:" + "c" * 64,),
    )  # fmt: skip
    assert codec.ledger_params(entry) == {
        **entry.model_dump(),
        "target_ids": '["f1", "e1"]',
        "records": json.dumps(["fact:f1:" + "c" * 64]),
        "at": codec.to_micros(AT),
    }


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
@pytest.mark.parametrize(
    "vector",
    [
        (0.5, -0.25, 1 / 3, 0.1),
        (0.0, -0.0, 5e-324, 1e-45, 2.1e-45, 1.1754942106924411e-38, 3.4028234663852886e38),
        (float("nan"), float("inf"), -float("inf")),
        (3.5e38, 1.0),  # out of float32's range
        (1, 2),  # integers
    ],
    ids=["plain", "edges", "not finite", "out of range", "integers"],
)
def test_a_vector_is_stored_as_numpy_casts_it_to_float32(vector: tuple[float, ...]) -> None:
    expected = np.asarray(vector, dtype=np.float32).tobytes()
    assert codec.encode_value("fact_embedding", vector) == expected


def test_rows_of_one_query_decode_as_each_row_alone() -> None:
    """`facts_from_rows` plans the decoding once per query: the same records as decoding each
    row by itself, in any column order."""
    facts = [a_fact(), FULL, a_fact(uuid="f2", signature="s2", source_span=(-3, 0))]
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    conn.execute(f"CREATE TABLE facts (id INTEGER PRIMARY KEY, {', '.join(codec.FACT_COLUMNS)})")
    marks = ", ".join(f":{c}" for c in codec.FACT_COLUMNS)
    insert = f"INSERT INTO facts ({', '.join(codec.FACT_COLUMNS)}) VALUES ({marks})"
    conn.executemany(insert, [codec.fact_params(f) for f in facts])
    select = ", ".join(reversed(codec.FACT_COLUMNS)) + ", id AS row_id"
    cursor = conn.execute(f"SELECT {select} FROM facts ORDER BY id")
    rows = cursor.fetchall()
    decoded = codec.facts_from_rows(rows, codec.columns_of(cursor), with_embedding=True)
    assert decoded == [codec.fact_from_row(r, with_embedding=True) for r in rows] == facts
    assert codec.facts_from_rows([], ("uuid",)) == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=-(10**20), max_value=10**20), min_size=2, max_size=2))
@example([0, 0])
@example([-1, 17])
def test_a_pair_of_integers_reads_as_the_json_parser_reads_it(pair: list[int]) -> None:
    raw = json.dumps(pair)
    assert codec._json(raw) == json.loads(raw)
    assert type(codec._json(raw)) is list


@pytest.mark.parametrize("raw", ["[-0, 1]", "[1,2]", "[1, 2, 3]", "[1.5, 2]", "[1e3, 2]"])
def test_other_number_lists_go_to_the_json_parser(raw: str) -> None:
    assert codec._json(raw) == json.loads(raw)


@pytest.mark.parametrize("micros", [None, 0, 1, -1, 1_714_566_600_000_000, 253_402_300_799_999_999])
def test_a_time_read_twice_is_the_same_time(micros: int | None) -> None:
    """`from_micros` keeps what it decoded: the same value as decoding it afresh."""
    fresh = codec.from_micros.__wrapped__(micros)
    assert codec.from_micros(micros) == fresh
    assert codec.from_micros(micros) == fresh
    if fresh is not None:
        assert codec.from_micros(micros).tzinfo is UTC  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.lists(inner, max_size=3).map(tuple)
            | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_the_column_json_is_what_json_dumps_makes(value: object) -> None:
    """The column encoders are made once (graph.domain.jsontext): the same text as json.dumps."""
    assert codec._json_text(value) == json.dumps(value, ensure_ascii=False)
    assert codec._ascii_text(value) == json.dumps(value)


def _stored_both_ways(
    table: str, columns: tuple[str, ...], named: dict[str, object], row: tuple[object, ...]
) -> None:
    """The row a statement binding by position stores is the one binding by name stored."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
    conn.execute(f"INSERT INTO {table} VALUES ({', '.join(':' + c for c in columns)})", named)
    conn.execute(f"INSERT INTO {table} VALUES ({', '.join('?' for _ in columns)})", row)
    by_name, by_position = conn.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    assert by_position == by_name
    assert [type(v) for v in by_position] == [type(v) for v in by_name]


@pytest.mark.parametrize("fact", [a_fact(), FULL, ODD], ids=["defaults", "every field set", "odd"])
def test_a_fact_row_bound_by_position_is_the_row_bound_by_name(fact: Fact) -> None:
    assert codec.fact_row(fact) == tuple(codec.fact_params(fact).values())
    _stored_both_ways("facts", codec.FACT_COLUMNS, codec.fact_params(fact), codec.fact_row(fact))


def test_operation_and_ledger_rows_bound_by_position_are_the_rows_bound_by_name() -> None:
    operation = Operation(
        event_id="e1", group_id="u_ann", status=OperationStatus.SUCCEEDED, payload={"a": 1},
        result={"results": [{"id": "f1"}]}, created_at=AT, updated_at=AT, lease_until=AT,
    )  # fmt: skip
    assert tuple(Operation.model_fields) == codec.OPERATION_COLUMNS
    _stored_both_ways(
        "operations",
        codec.OPERATION_COLUMNS,
        codec.operation_params(operation),
        codec.operation_row(operation),
    )
    entry = LedgerEntry(
        group_id="u_ann", seq=3, prev_hash="0" * 64, hash="a" * 64, action="add",
        target_ids=("f1", "e1"), payload_digest="b" * 64, at=AT, records=("fact:f1:" + "c" * 64,),
    )  # fmt: skip
    _stored_both_ways(
        "ledger", codec.LEDGER_COLUMNS, codec.ledger_params(entry), codec.ledger_row(entry)
    )


@pytest.mark.parametrize(
    "when",
    [
        AT,
        AT.astimezone(timezone(timedelta(hours=5, minutes=30))),
        datetime(1, 1, 1, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
        AT.replace(microsecond=1),
    ],
)
def test_a_time_encoded_twice_is_the_same_number(when: datetime) -> None:
    """`to_micros` keeps what it encoded: the instant's number, whatever zone asked first."""
    fresh = codec.to_micros.__wrapped__(when)
    assert codec.to_micros(when.astimezone(UTC)) == codec.to_micros(when) == fresh


def test_a_naive_time_is_still_refused() -> None:
    codec.to_micros(AT)
    with pytest.raises(TypeError):
        codec.to_micros(AT.replace(tzinfo=None))
