"""`palimpsest import FILE`: load a transcript or JSON Lines through add_batch, with progress.

Formats, by content:
* JSON Lines: each line an add request (`{"messages", "user_id", ...}`) or one message
  (`{"role", "content", "timestamp"?}`), which becomes a request for the `--user-id` given;
* anything else: a transcript, one message per line, `role: text` (user, assistant, system)
  or plain text (a user turn).
The file name is the default `source` of every item, so the import can later be reprocessed or
forgotten as a whole.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from graph.domain.errors import InvalidInput
from service.views import BatchItemOut
from service.write.pipeline import WritePipeline

ROLES = ("user", "assistant", "system")


@dataclass(frozen=True)
class ImportDefaults:
    user_id: str | None
    agent_id: str | None = None
    project: str | None = None
    source: str | None = None
    infer: bool = True


def read_items(path: Path, defaults: ImportDefaults) -> list[dict[str, Any]]:
    """The add requests a file holds."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"cannot read {path}: {exc}", field="file") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise InvalidInput(f"{path} holds no messages", field="file")
    parse = _json_item if lines[0].lstrip().startswith("{") else _transcript_item
    return [parse(line, number, defaults) for number, line in enumerate(lines, start=1)]


def _json_item(line: str, number: int, defaults: ImportDefaults) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InvalidInput(
            f"line {number} is not JSON: {exc.msg}", field=f"line {number}"
        ) from None
    if not isinstance(data, dict):
        raise InvalidInput(f"line {number} is not a JSON object", field=f"line {number}")
    item = data if "messages" in data else {"messages": [data]}
    return {**_base(defaults), **item}


def _transcript_item(line: str, number: int, defaults: ImportDefaults) -> dict[str, Any]:
    role, _, rest = line.partition(":")
    message = (
        {"role": role.strip().lower(), "content": rest.strip()}
        if role.strip().lower() in ROLES and rest.strip()
        else {"role": "user", "content": line.strip()}
    )
    return {**_base(defaults), "messages": [message]}


def _base(defaults: ImportDefaults) -> dict[str, Any]:
    base: dict[str, Any] = {"user_id": defaults.user_id, "infer": defaults.infer}
    for name in ("agent_id", "project", "source"):
        value = getattr(defaults, name)
        if value is not None:
            base[name] = value
    return base


@dataclass
class ImportReport:
    """What an import did: items read, items refused, facts by event, candidates held."""

    items: int
    errors: int = 0
    events: Counter[str] = field(default_factory=Counter)
    candidates: int = 0
    answered: int = 0

    def count(self, answer: BatchItemOut) -> None:
        """One item's answer from the write pipeline (its `error`, or its results)."""
        self.answered += 1
        if answer.error is not None:
            self.errors += 1
            return
        self.events.update(result.event for result in answer.results or ())
        self.candidates += len(answer.candidates or ())

    def counts(self) -> dict[str, int]:
        """The CLI's summary line: items, errors, a count per event, candidates."""
        found = {"items": self.items, "errors": self.errors, **self.events}
        if self.answered > self.errors:
            found["candidates"] = self.candidates
        return found


def run_import(
    writes: WritePipeline,
    items: list[dict[str, Any]],
    *,
    chunk: int = 200,
    progress: Callable[[int, int, int], None] | None = None,
) -> ImportReport:
    """Write the items in chunks; returns what happened to them."""
    report = ImportReport(items=len(items))
    for start in range(0, len(items), chunk):
        for answer in writes.add_batch(items[start : start + chunk]):
            report.count(answer)
        if progress is not None:
            progress(min(start + chunk, len(items)), len(items), report.errors)
    return report


def bar(stream: TextIO = sys.stderr, width: int = 30) -> Callable[[int, int, int], None]:
    """A one-line progress bar on `stream`."""

    def show(done: int, total: int, errors: int) -> None:
        filled = width * done // max(total, 1)
        stream.write(
            f"\rimporting [{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
            f" items, {errors} errors"
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def chunks(items: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
