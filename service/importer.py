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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from graph.domain.errors import InvalidInput
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


def run_import(
    writes: WritePipeline,
    items: list[dict[str, Any]],
    *,
    chunk: int = 200,
    progress: Callable[[int, int, int], None] | None = None,
) -> dict[str, int]:
    """Write the items in chunks; returns counts of items, errors and facts by event."""
    counts = {"items": len(items), "errors": 0}
    for start in range(0, len(items), chunk):
        for answer in writes.add_batch(items[start : start + chunk]):
            _count(answer, counts)
        if progress is not None:
            progress(min(start + chunk, len(items)), len(items), counts["errors"])
    return counts


def _count(answer: dict[str, Any], counts: dict[str, int]) -> None:
    if "error" in answer:
        counts["errors"] += 1
        return
    for result in answer.get("results", []):
        counts[result["event"]] = counts.get(result["event"], 0) + 1
    counts["candidates"] = counts.get("candidates", 0) + len(answer.get("candidates", []))


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
