"""The command line's export and restore: streaming JSON Lines with a real progress bar (tqdm:
rate and time left), every rejected line reported with its reason (docs/operations.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from tqdm import tqdm

from graph.domain.errors import InvalidInput
from graph.domain.tenancy import TenantScope
from service.settings import Settings
from service.tenancy.rekey import Rename
from service.tenancy.restore import is_export, restore
from service.tenancy.usecases import ExportLine


def is_export_file(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as stream:
            return is_export(stream.readline())
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"cannot read {path}: {exc}", field="file") from None


def _count_lines(path: Path) -> int:
    with path.open("rb") as stream:
        return sum(1 for _ in stream)


def _lines(path: Path) -> Iterator[bytes]:
    """The file's lines as bytes: a line that is not UTF-8 is the restore's to reject."""
    with path.open("rb") as stream:
        yield from stream


def restore_file(args: argparse.Namespace, settings: Settings) -> int:
    """`palimpsest import EXPORT --user-id U [--as-user V]`: restore the tenant (as V), then
    report as JSON."""
    from service.clients.memory import Memory

    if not args.user_id:
        raise InvalidInput("restoring an export needs --user-id (the file's user)", field="user_id")
    source = TenantScope(user_id=args.user_id)
    _check_tenant(args.file, source.group_id)
    rename = None
    if args.as_user:
        rename = Rename(source=source, target=TenantScope(user_id=args.as_user))
    total = _count_lines(args.file)
    with (
        Memory(settings) as memory,
        tqdm(
            total=total, unit=" records", desc="restoring", file=sys.stderr, dynamic_ncols=True
        ) as bar,
    ):
        report = restore(
            memory.container.store,
            source.group_id,
            lambda: _lines(args.file),
            bar.update,
            now=memory.container.clock.now(),
            max_chars=settings.max_input_chars,
            rename=rename,
        )
    for item in report.rejected:
        print(f"rejected: {item.model_dump_json()}", file=sys.stderr)
    summary = report.model_dump(mode="json") | {"rejected": len(report.rejected)}
    print(json.dumps(summary), flush=True)
    return 1 if report.rejected or not report.ledger.ok else 0


def _check_tenant(path: Path, group_id: str) -> None:
    """Refuse at once a file whose first record is another tenant's (every line would be)."""
    with path.open("rb") as stream:
        first = stream.readline()
    try:
        found = json.loads(first)["record"]["group_id"]
    except (ValueError, KeyError, TypeError):
        return  # the restore reports the line
    if isinstance(found, str) and found != group_id:
        raise InvalidInput(
            f"the file holds tenant {found}'s records, not {group_id}'s: give --user-id the"
            " file's user, and --as-user the user to restore it as",
            field="user_id",
        )


def export(args: argparse.Namespace, settings: Settings, stdout: TextIO = sys.stdout) -> int:
    """`palimpsest export --user-id U [--output FILE]`: one record per line, as it is read."""
    from service.clients.memory import Memory

    with Memory(settings) as memory:
        rows = memory.container.tenancy.export(TenantScope(user_id=args.user_id))
        if args.output is None:
            return _write(rows, stdout)
        with args.output.open("w", encoding="utf-8") as out:
            return _write(rows, out)


def _write(rows: Iterator[ExportLine], out: TextIO) -> int:
    count = 0
    for row in rows:
        out.write(json.dumps(row.model_dump(), ensure_ascii=False) + "\n")
        count += 1
    print(f"exported {count} records", file=sys.stderr)
    return 0
