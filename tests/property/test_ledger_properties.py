"""The pure ledger rules: any chain verifies; any single tampered entry is pinpointed."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graph.domain import jsontext, ledger
from graph.domain.ledger import LedgerDraft

T = datetime(2026, 11, 29, tzinfo=UTC)
drafts = st.lists(
    st.builds(
        LedgerDraft,
        action=st.sampled_from(["add", "update", "expire", "rollback", "erase"]),
        target_ids=st.lists(st.text(min_size=1, max_size=8), max_size=3).map(tuple),
        payload=st.dictionaries(
            st.text(max_size=5), st.integers() | st.text(max_size=10), max_size=3
        ),
    ),
    min_size=1,
    max_size=30,
)


def build(chunks: list[list[LedgerDraft]]) -> list[ledger.LedgerEntry]:
    entries: list[ledger.LedgerEntry] = []
    for number, chunk in enumerate(chunks):
        head = entries[-1] if entries else None
        entries += ledger.chain("u_a", head, chunk, T + timedelta(seconds=number))
    return entries


@settings(max_examples=200)
@given(items=drafts, cuts=st.lists(st.integers(1, 5), max_size=8))
def test_any_sequence_of_appends_verifies(items: list[LedgerDraft], cuts: list[int]) -> None:
    chunks, rest = [], list(items)
    for cut in cuts:
        chunks.append(rest[:cut])
        rest = rest[cut:]
    chunks.append(rest)
    verdict = ledger.verify(build([c for c in chunks if c]))
    assert verdict.ok and verdict.length == len(items)


@settings(max_examples=300)
@given(
    items=drafts,
    data=st.data(),
    field=st.sampled_from(
        ["action", "target_ids", "payload_digest", "at", "prev_hash", "hash", "seq"]
    ),
)
def test_any_single_tampered_entry_is_pinpointed(
    items: list[LedgerDraft], data: st.DataObject, field: str
) -> None:
    entries = build([items])
    index = data.draw(st.integers(0, len(entries) - 1))
    original = entries[index]
    forged = {
        "action": original.action + "!",
        "target_ids": (*original.target_ids, "x"),
        "payload_digest": "f" * 64 if original.payload_digest != "f" * 64 else "e" * 64,
        "at": original.at + timedelta(microseconds=1),
        "prev_hash": "a" * 64 if original.prev_hash != "a" * 64 else "b" * 64,
        "hash": "c" * 64 if original.hash != "c" * 64 else "d" * 64,
        "seq": original.seq + 100,
    }[field]
    entries[index] = original.model_copy(update={field: forged})
    verdict = ledger.verify(entries)
    assert not verdict.ok
    assert verdict.first_bad_seq == index + 1


def test_a_field_added_later_with_its_default_keeps_a_record_digest() -> None:
    """Upgrades add fields with defaults: a record written before one verifies after it."""
    from graph.domain.model import Fact

    class Later(Fact):
        added_later: str = ""

    fact = Fact(
        uuid="f1", group_id="u_a", subject="alice", subject_key="alice", subject_uuid="e1",
        predicate="likes", value="tea", value_key="tea", object_uuid="e2", fact="alice likes tea",
        valid_at=T, knowledge_time=T, created_at=T, signature="s1",
    )  # fmt: skip
    later = Later.model_validate(fact.model_dump())
    assert ledger.record_digest(later) == ledger.record_digest(fact)
    assert ledger.record_digest(fact.model_copy(update={"value": "coffee"})) != (
        ledger.record_digest(fact)
    )


@settings(max_examples=200)
@given(
    at=st.datetimes(timezones=st.just(UTC)) | st.datetimes(timezones=st.timezones()),
    records=st.lists(st.text(max_size=12), max_size=3),
)
def test_a_time_hashes_as_its_iso_text(at: datetime, records: list[str]) -> None:
    """`chain` formats its one time once and hashes the text: the same hash as the time."""
    args = dict(group_id="u_a", seq=1, prev_hash=ledger.GENESIS_HASH, action="add",
                target_ids=("f1",), digest="0" * 64, records=records)  # fmt: skip
    assert ledger.entry_hash(at=at.isoformat(), **args) == ledger.entry_hash(at=at, **args)  # type: ignore[arg-type]
    entries = ledger.chain("u_a", None, [LedgerDraft("add", ("f1",), {}, tuple(records))], at)
    assert ledger.check_entry(entries[0], 1, ledger.GENESIS_HASH) is None


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # nan and the infinities included
    | st.text()
    | st.datetimes(timezones=st.just(UTC)),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300)
@given(value=json_values)
def test_canonical_json_is_what_json_dumps_makes(value: object) -> None:
    """The canonical encoder skips the circular-value check: the same text as json.dumps."""
    expected = json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=ledger._iso
    )
    assert ledger.canonical_json(value) == expected


@settings(max_examples=200)
@given(value=json_values)
def test_an_encoder_made_once_writes_what_json_dumps_writes(value: object) -> None:
    """graph.domain.jsontext: the C encoder called directly, for every option we use."""
    for options in (
        {},
        {"ensure_ascii": False},
        {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False},
    ):
        made = jsontext.encoder(default=ledger._iso, **options)  # type: ignore[arg-type]
        assert made(value) == json.dumps(value, default=ledger._iso, **options)  # type: ignore[arg-type]


def test_without_the_c_accelerator_the_encoder_is_the_plain_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(json.encoder, "c_make_encoder", None)
    value = {"b": [1, 2.5, None], "a": "ü"}
    assert jsontext.encoder(sort_keys=True)(value) == json.dumps(value, sort_keys=True)
