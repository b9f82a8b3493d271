"""One line of an export file, read as hostile input: the restore is a write path.

A line becomes a domain record only when it passes what a live write would: it is UTF-8 JSON
of a bounded size and depth, every text within the write path's length limit
(`max_input_chars`), a record of a known kind that validates, of the restored tenant (its
`group_id`, and the ids it names: a record's `user_id`, an operation's payload, a candidate's
fact), and, for an operation, finished (`SUCCEEDED`/`FAILED`: a restored operation is never
run). Anything else is `InvalidInput` naming the line and the reason, never a traceback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from graph.domain.enums import OperationStatus
from graph.domain.errors import InvalidInput
from graph.domain.model import Candidate, Entity, Episode, Fact, LedgerEntry, Operation
from graph.domain.tenancy import TenantScope

KINDS: dict[str, type[BaseModel]] = {
    "entity": Entity,
    "fact": Fact,
    "episode": Episode,
    "operation": Operation,
    "candidate": Candidate,
    "ledgerentry": LedgerEntry,
}
MAX_LINE_BYTES = 8 * 1024 * 1024
"""A line longer than this is refused unread (the longest record a write makes, a 200,000
character turn with its escapes and a fact with its embedding, is well below)."""
MAX_DEPTH = 32
"""JSON nesting deeper than this is refused (a record nests a few levels; metadata is the
write path's, which holds no more)."""
FINISHED = (OperationStatus.SUCCEEDED, OperationStatus.FAILED)
IDS = ("user_id", "agent_id", "run_id")


@dataclass(frozen=True)
class LineRules:
    """What a line must be to restore into `group_id`."""

    group_id: str
    max_chars: int = 200_000


def parse(line: str | bytes, number: int, rules: LineRules) -> tuple[str, BaseModel]:
    """One export line as its domain record, or InvalidInput naming the line and why."""
    kind, raw = _kind_and_record(read_json(line, number, rules), number)
    model = KINDS[kind]
    try:
        record = model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InvalidInput(f"line {number}: {kind}.{where}: {first['msg']}") from None
    problem = _tenant_problem(record, rules.group_id) or _operation_problem(record)
    if problem is not None:
        raise InvalidInput(f"line {number}: {problem}")
    return kind, record


def read_json(line: str | bytes, number: int, rules: LineRules) -> Any:
    """A line's JSON, within the size, encoding, depth and text limits (InvalidInput)."""
    if len(line) > MAX_LINE_BYTES:
        raise InvalidInput(f"line {number}: longer than {MAX_LINE_BYTES} bytes")
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        data = json.loads(text)
    except UnicodeDecodeError:
        raise InvalidInput(f"line {number}: not UTF-8 text") from None
    except RecursionError:
        raise InvalidInput(f"line {number}: JSON nested deeper than {MAX_DEPTH}") from None
    except ValueError as exc:
        raise InvalidInput(f"line {number}: not an export record (not JSON: {exc})") from None
    problem = _shape_problem(data, rules.max_chars)
    if problem is not None:
        raise InvalidInput(f"line {number}: {problem}")
    return data


def _kind_and_record(data: Any, number: int) -> tuple[str, dict[str, Any]]:
    if not isinstance(data, dict) or set(data) != {"kind", "record"}:
        raise InvalidInput(f'line {number}: not an export record ({{"kind", "record"}})')
    kind, raw = data["kind"], data["record"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidInput(f"line {number}: unknown kind {str(kind)[:40]!r}")
    if not isinstance(raw, dict):
        raise InvalidInput(f"line {number}: the record of a {kind} is not a JSON object")
    return kind, raw


def _shape_problem(data: Any, max_chars: int) -> str | None:
    """Why parsed JSON is beyond the write path's limits: too deep, or a text too long."""
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            return f"JSON nested deeper than {MAX_DEPTH}"
        if isinstance(value, str) and len(value) > max_chars:
            return f"a text longer than the write path's {max_chars} characters"
        if isinstance(value, dict):
            todo.extend((item, depth + 1) for pair in value.items() for item in pair)
        elif isinstance(value, list):
            todo.extend((item, depth + 1) for item in value)
    return None


def _tenant_problem(record: BaseModel, group_id: str) -> str | None:
    """Why a record is not of the tenant `group_id` (its group, or the ids it names)."""
    if getattr(record, "group_id", None) != group_id:
        return "a record of another tenant"
    named: list[Any] = [record]
    if isinstance(record, Candidate):
        named.append(record.fact)
        if record.fact.group_id != group_id:
            return "a candidate whose fact is another tenant's"
    if isinstance(record, Operation):
        named.append(record.payload)
    for holder in named:
        if not _ids_of(holder, group_id):
            return "a record whose user_id (or agent_id, run_id) names another tenant"
    return None


def _ids_of(holder: Any, group_id: str) -> bool:
    """Whether the ids `holder` names (none, or those of `group_id`) fit the tenant."""
    if isinstance(holder, dict):
        ids = {name: holder.get(name) for name in IDS}
    else:
        ids = {name: getattr(holder, name, None) for name in IDS}
    if all(value is None for value in ids.values()):
        return True
    try:
        return TenantScope(**ids).group_id == group_id
    except (InvalidInput, TypeError):
        return False


def _operation_problem(record: BaseModel) -> str | None:
    if isinstance(record, Operation) and record.status not in FINISHED:
        return (
            f"operation {record.event_id} is {record.status.value}: only finished operations"
            " (SUCCEEDED, FAILED) are restored, never run"
        )
    return None
