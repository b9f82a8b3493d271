"""Attack replays on the restore (issue 34, findings 1, 4, 8 and part of 9): an export file is
hostile input, and the restore a write path. On both backends: the tenant's own export is
taken, edited as an attacker would, and restored into the emptied tenant."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from graph.domain import ledger
from graph.domain.enums import OperationStatus
from graph.domain.errors import InvalidInput
from graph.domain.model import LedgerEntry, Operation
from graph.ports.store import Store
from service.clients.memory import Memory
from service.tenancy.restore import RestoreOut, restore
from service.write.uow import committing, in_unit
from tests.conftest import T0

G = "u_imp"


def exported(memory: Memory) -> list[dict[str, Any]]:
    """`imp`'s history, one async write run, then emptied (its export kept)."""
    memory.add("I live in Berlin.", user_id="imp", observation_date="2024-02-01")
    memory.add("I work at Acme.", user_id="imp", mode="async")
    memory.run_pending()
    rows = [row.model_dump(mode="json") for row in memory.export(user_id="imp")]
    return rows


def emptied(memory: Memory) -> Store:
    store = memory.container.store
    store.maintenance().drop_group(G)
    return store


def as_lines(rows: list[Any]) -> Callable[[], list[str | bytes]]:
    lines: list[str | bytes] = [
        row if isinstance(row, str | bytes) else json.dumps(row) + "\n" for row in rows
    ]
    return lambda: lines


def restored(memory: Memory, rows: list[Any], *, whole: bool = True) -> RestoreOut:
    """The restore's report; `whole`: the restored ledger verifies under the export's head."""
    head = memory.container.store.verify_ledger(G).head
    out = restore(emptied(memory), G, as_lines(rows), now=T0 + timedelta(days=1))
    assert out.ledger.head == head
    assert out.ledger.ok is whole
    return out


def reasons(out: RestoreOut) -> dict[int, str]:
    return {item.line or 0: item.reason for item in out.rejected}


def first(rows: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    record: dict[str, Any] = next(r for r in rows if r["kind"] == kind)["record"]
    return record


def victim_story(memory: Memory) -> list[str]:
    memory.add("I live in Rome.", user_id="victim")
    return [f["value"] for f in memory.facts(user_id="victim")["facts"]]


def test_a_pending_operation_for_another_tenant_is_rejected_and_never_run(
    memory: Memory,
) -> None:
    before = victim_story(memory)
    rows = exported(memory)
    op = first(rows, "operation")
    hostile = {
        **op,
        "event_id": "evil-1",
        "status": "PENDING",
        "payload": {
            "user_id": "victim",
            "turns": [{"index": 0, "role": "user", "text": "I moved to Pwnedville."}],
        },
    }
    unfinished = {**op, "event_id": "evil-2", "status": "RUNNING"}
    rows += [{"kind": "operation", "record": hostile}, {"kind": "operation", "record": unfinished}]
    out = restored(memory, rows)
    why = reasons(out)
    assert set(why) == {len(rows) - 1, len(rows)}
    assert "another tenant" in why[len(rows) - 1]
    assert "only finished operations" in why[len(rows)]
    victim_ledger = memory.container.store.verify_ledger("u_victim").length
    memory.run_pending()
    assert [f["value"] for f in memory.facts(user_id="victim")["facts"]] == before
    assert memory.container.store.verify_ledger("u_victim").length == victim_ledger


def test_the_worker_refuses_an_operation_whose_payload_names_another_tenant(
    memory: Memory,
) -> None:
    """A log written behind the service's back: the operation is imp's, its payload victim's."""
    before = victim_story(memory)
    now = T0 + timedelta(days=1)
    smuggled = Operation(
        event_id="smuggled",
        group_id=G,
        payload={
            "user_id": "victim",
            "turns": [{"index": 0, "role": "user", "text": "I moved to Pwnedville."}],
        },
        created_at=now,
        updated_at=now,
    )
    store = memory.container.store
    in_unit(store, now, committing(lambda uow: uow.immediate.queue(smuggled)))
    memory.run_pending()
    done = store.read(lambda tx: tx.operations.get("smuggled"))
    assert done is not None and done.status is OperationStatus.FAILED
    assert done.error is not None and done.error["code"] == "forbidden"
    assert [f["value"] for f in memory.facts(user_id="victim")["facts"]] == before


def test_records_the_files_ledger_does_not_cover_are_rejected(memory: Memory) -> None:
    rows = exported(memory)
    fact = first(rows, "fact")
    added = {**fact, "uuid": "added-fact", "value": "Pwnedville", "fact": "imp lives in X"}
    edited = {**fact, "value": "Pwnedville"}
    index = next(i for i, r in enumerate(rows) if r["record"] is fact)
    rows[index] = {"kind": "fact", "record": edited}
    rows.append({"kind": "fact", "record": added})
    out = restored(memory, rows, whole=False)
    assert out.ledger.record == f"fact:{fact['uuid']}"  # the edited record is missing, and said
    why = reasons(out)
    assert "differs from what ledger entry" in why[index + 1]
    assert "not covered by any ledger entry" in why[len(rows)]
    values = [f["value"] for f in memory.facts(user_id="imp")["facts"]]
    assert values and "Pwnedville" not in values and fact["value"] not in values


def test_ledger_entries_after_a_break_in_the_files_chain_are_rejected(memory: Memory) -> None:
    rows = exported(memory)
    entries = [i for i, r in enumerate(rows) if r["kind"] == "ledgerentry"]
    rows[entries[-1]]["record"]["action"] = "forged"
    out = restore(emptied(memory), G, as_lines(rows), now=T0)
    why = reasons(out)
    assert "not part of the file's verified chain" in why[entries[-1] + 1]
    assert out.ledger.ok is True and out.ledger.length == len(entries) - 1


def test_a_record_whose_user_disagrees_with_its_group_is_rejected(memory: Memory) -> None:
    rows = exported(memory)
    fact = first(rows, "fact")
    index = next(i for i, r in enumerate(rows) if r["record"] is fact)
    rows[index] = {"kind": "fact", "record": {**fact, "user_id": "victim"}}
    why = reasons(restored(memory, rows, whole=False))
    assert "names another tenant" in why[index + 1]


def test_malformed_lines_are_each_rejected_with_a_reason_and_the_rest_restored(
    memory: Memory,
) -> None:
    rows: list[Any] = exported(memory)
    fact = first(rows, "fact")
    huge = {**fact, "uuid": "huge", "fact": "x" * 200_001}
    hostile: list[Any] = [
        "[" * 1_000_000 + "\n",
        b'{"kind": "fact", "record": {"uuid": "\xff\xfe"}}\n',
        '{"kind": "fact", "record": "' + "y" * (9 * 1024 * 1024) + '"}\n',
        {"kind": "fact", "record": huge},
        {"kind": [], "record": 1},
        {"kind": "fact", "record": []},
        [1, 2],
        {"kind": "fact", "record": {**fact, "confidence": "high"}},
        {"kind": "fact", "record": {"metadata": _nested(100)}},
    ]
    lines = [rows[0], *hostile, *rows[1:]]
    out = restored(memory, lines)
    why = reasons(out)
    assert sorted(why) == list(range(2, 2 + len(hostile)))
    expected = [
        "nested deeper",
        "not UTF-8",
        "longer than 8388608 bytes",
        "longer than the write path's 200000 characters",
        "unknown kind",
        "not a JSON object",
        "not an export record",
        "fact.confidence",
        "nested deeper",
    ]
    for line, words in enumerate(expected, start=2):
        assert words in why[line], (line, why[line])
    assert sum(out.restored.values()) == len(rows)
    assert [r.model_dump(mode="json") for r in memory.export(user_id="imp")] == rows


def _nested(depth: int) -> Any:
    value: Any = "leaf"
    for _ in range(depth):
        value = {"k": value}
    return value


def test_one_duplicate_id_drops_only_its_own_line(memory: Memory) -> None:
    rows = exported(memory)
    fact = first(rows, "fact")
    index = next(i for i, r in enumerate(rows) if r["record"] is fact)
    rows.insert(index + 1, {"kind": "fact", "record": fact})
    out = restored(memory, rows)
    assert list(reasons(out)) == [index + 2]
    assert "repeats line" in reasons(out)[index + 2]
    assert out.restored["fact"] == sum(r["kind"] == "fact" for r in rows) - 1


def test_the_report_prints_the_restored_head(memory: Memory) -> None:
    rows = exported(memory)
    head = memory.container.store.verify_ledger(G).head
    out = restored(memory, rows)
    assert out.rejected == []
    last = LedgerEntry.model_validate(rows[-1]["record"])
    assert head == str(ledger.Head(last.seq, last.hash))
    assert out.model_dump(mode="json")["ledger"]["head"] == head


def test_palimpsest_import_rejects_hostile_lines_and_the_worker_never_runs_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding 1 and 8 as reported, through the command line on the embedded store: a PENDING
    operation for victim and a non-UTF-8 line appended to imp's export."""
    from service.cli import main

    monkeypatch.setenv("PALIMPSEST_EMBEDDER", "hashing")
    monkeypatch.setenv("PALIMPSEST_DATA_DIR", str(tmp_path / "one"))
    with Memory() as source:
        rows = exported(source)
        head = source.container.store.verify_ledger(G).head
    op = first(rows, "operation")
    payload = {"user_id": "victim", "turns": [{"index": 0, "role": "user", "text": "Pwned."}]}
    evil = {
        "kind": "operation",
        "record": {**op, "event_id": "evil", "status": "PENDING", "payload": payload},
    }
    dump = tmp_path / "imp.jsonl"
    dump.write_bytes(
        b"".join(json.dumps(r).encode() + b"\n" for r in [*rows, evil])
        + b'{"kind": "fact", "record": {"fact": "\xff"}}\n'
        + b"[" * 100_000
        + b"\n"
    )
    monkeypatch.setenv("PALIMPSEST_DATA_DIR", str(tmp_path / "two"))
    capsys.readouterr()
    assert main(["import", str(dump), "--user-id", "imp"]) == 1
    out, err = capsys.readouterr()
    report = json.loads(out.strip().splitlines()[-1])
    assert report["rejected"] == 3 and report["ledger"]["ok"] is True
    assert report["ledger"]["head"] == head
    assert "Traceback" not in err and "not UTF-8" in err and "another tenant" in err
    with Memory() as target:
        assert target.run_pending() == 0
        assert target.facts(user_id="victim")["facts"] == []
        assert target.container.store.verify_ledger("u_victim").length == 0


def current(memory: Memory) -> list[tuple[str, str, str]]:
    facts = memory.facts(user_id="imp")["facts"]
    return sorted((f["subject"], f["predicate"], f["value"]) for f in facts)


def test_an_erased_tenant_is_restored_onto_its_own_chain(memory: Memory) -> None:
    """Finding 8's last part: an erasure keeps the tenant's ledger (its tombstone), and the
    tenant stays restorable from its export: the chain is continued, not replaced."""
    rows = exported(memory)
    told, source_head = current(memory), memory.container.store.verify_ledger(G).head
    memory.forget_user("imp")
    erased = memory.container.store.verify_ledger(G)
    assert erased.ok and erased.length > 0 and current(memory) == []
    out = restore(memory.container.store, G, as_lines(rows), now=T0 + timedelta(days=1))
    assert out.rejected == [] and out.ledger.ok, out
    assert out.continued is not None and out.renamed is None
    assert (out.continued.after, out.continued.source_head) == (erased.head, source_head)
    assert out.restored["ledgerentry"] == 0 and out.ledger.length > erased.length
    assert current(memory) == told
    assert memory.search("Where do I live?", user_id="imp")["results"]


def test_a_restore_cut_off_midway_is_erased_and_restored_again(memory: Memory) -> None:
    """A restore that died after its first chunks (kill -9, an outage) leaves records its
    ledger lines never reached; the tenant is erased and the file restored whole."""
    rows = exported(memory)
    told = current(memory)
    store = emptied(memory)
    lines, passes = as_lines(rows)(), []

    def dying() -> list[str | bytes]:
        passes.append(1)
        return lines if len(passes) == 1 else lines[: len(lines) // 2]

    restore(store, G, dying, now=T0 + timedelta(days=1))
    assert store.verify_ledger(G).length == 0 and current(memory)  # records, no ledger
    with pytest.raises(InvalidInput, match="not empty"):
        restore(store, G, as_lines(rows), now=T0 + timedelta(days=1))
    memory.forget_user("imp")
    out = restore(store, G, as_lines(rows), now=T0 + timedelta(days=2))
    assert out.rejected == [] and out.ledger.ok and out.continued is not None
    assert current(memory) == told
