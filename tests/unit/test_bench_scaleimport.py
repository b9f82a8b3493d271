"""The bulk builder's CSV (bench/scale/importer.py): typed headers Neo4j's importer reads, and
fields that keep what the port would store (quotes doubled, an empty string kept, no value
for None, exact floats)."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest

from bench.scale.importer import Table, VectorText, cell, column_type


def test_fields_keep_what_the_port_stores() -> None:
    assert cell('say "hi", ok') == '"say ""hi"", ok"'
    assert cell("") == '""'
    assert cell(None) == ""
    assert cell(["a", "b"]) == '"a;b"'
    assert cell(True) == "true"
    assert cell(0.1) == "0.1"
    assert cell(datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC)) == "2026-01-02T03:04:05.000006+00:00"
    assert cell(VectorText("0.5;-1.25")) == '"0.5;-1.25"'


def test_column_types() -> None:
    assert column_type(True) == "boolean"
    assert column_type(3) == "long"
    assert column_type("x") == "string"
    assert column_type([]) == "string[]"
    assert column_type(VectorText("0.5")) == "double[]"
    with pytest.raises(ValueError):
        column_type(object())


def test_a_relationship_table_names_its_ends_and_refuses_a_new_column() -> None:
    out = io.StringIO()
    table = Table(out, ends=("subject_uuid", "object_uuid"))
    table.write([{"uuid": "f1", "subject_uuid": "e1", "object_uuid": "e2", "confidence": 0.8}])
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "uuid:string,subject_uuid:string,object_uuid:string,confidence:double,:START_ID,:END_ID"
    )
    assert lines[1] == '"f1","e1","e2",0.8,"e1","e2"'
    with pytest.raises(ValueError, match="new columns"):
        table.write([{"uuid": "f2", "subject_uuid": "e1", "object_uuid": "e2", "x": 1}])
