"""GitHub's advanced-security custom secret-scanning patterns as labelled strings for the notary
benchmark.

advanced-security/secret-scanning-custom-patterns (by GitHub's field security team, MIT) keeps
one `patterns.yml` per folder (configs, database, generic, jwt, rsa, uri, vendors, ...). Each
pattern names the spans it must find, written by its authors:

* `expected`: `{name, start_offset, end_offset}`, a file of the same folder and the byte span of
  the secret in it (config files in several layouts: Spring `.properties`, .NET `app.config`
  and `web.config`, YAML, docker-compose, SQL, connection strings, JavaScript, Python, dotenv,
  .sentryclirc, Terraform);
* `test`: `{data, start_offset, end_offset}` (one or a list), a string and the span of its
  secret (the whole string when no offset is given; an `end_offset` of -1 or none: to the end).

Every such span is a positive. The text is the span's line with the two lines before it (a
snippet as a user pastes it); a test string is its own text. Of a key block (the span begins
with dashes of its armour: `--BEGIN`, the pattern's own start) the secret is its body: the
armour lines are dropped whatever their number of dashes, and so are header lines (`Version:
...`), so `--BEGIN PRIVATE KEY--\\nAAAA\\n--END PRIVATE KEY--` is the placeholder `AAAA`. Any
other span that runs past the end of its indented block (into a later line at the margin, as a
YAML block scalar's test string followed by the next key) is cut there. A test string without
offsets that holds whitespace is left out (its secret is not a span the authors marked).

Not taken: patterns about something other than a credential (personal data, e-mail addresses,
internal URLs and IP addresses, host names, UUIDs, typos of registry names, action pins, the
password store's metadata, public keys), the list of common passwords (bare words without a
carrier), and a whole connection string marked as one span (its password is marked by the next
pattern). There are no negatives.

The rule (what the split into halves goes by, `cases.half_of`) is the fixture: the file for an
`expected` span, the pattern for a test string, prefixed by the folder.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any

import yaml

from bench.notary.trufflehog import as_jsonl, walk

_HEADER = re.compile(r"^[A-Z][\w-]*: ")
_ARMOUR = re.compile(r"-{2,}(?:BEGIN|END) [A-Z0-9 ]*?-{2,}(?:\\r)?(?:\\n)?")

SKIPPED_FOLDERS = ("pii", "common")
SKIPPED_TYPES = frozenset(
    {
        "uuids",
        "arc",
        "ssh_public_key",
        "hardcoded_internal_emails",
        "hardcoded_internal_urls",
        "any_ipv4_addresses",
        "ghcr_typos",
        "azure_sql_connection_string",
        "github_actions_sha_checker",
        "database_connection_string_full",
    }
)


def _span(data: bytes, start: Any, end: Any) -> tuple[int, int]:
    begin = int(start or 0)
    stop = len(data) if end is None or int(end) < 0 else int(end)
    while begin > 0 and data[begin - 1 : begin] == b"-" and data[begin : begin + 1] == b"-":
        begin -= 1
    return begin, stop


def _snippet(data: bytes, begin: int) -> str:
    """The line holding byte `begin` with the two lines before it."""
    lines = data.decode("utf-8", errors="replace").splitlines()
    number = data[:begin].count(b"\n")
    return "\n".join(lines[max(0, number - 2) : number + 1]).strip()


def _secret(data: bytes, begin: int, end: int) -> str:
    """The span's text: of a key block its body (no armour, no `Version:` header lines);
    otherwise cut at the end of its indented block."""
    text = data[begin:end].decode("utf-8", errors="replace")
    if "BEGIN" in text:
        body = _ARMOUR.sub("\n", text).strip().split("\n")
        return "\n".join(line for line in body if not _HEADER.match(line)).strip()
    lines = text.strip().split("\n")
    kept = lines[:1] + list(itertools.takewhile(lambda line: line[:1] in " \t", lines[1:]))
    return "\n".join(kept).strip()


def _tests(pattern: dict[str, Any]) -> list[dict[str, Any]]:
    test = pattern.get("test")
    if isinstance(test, dict):
        return [test]
    return [t for t in test or [] if isinstance(t, dict)]


def rows_of(
    folder: str, spec: dict[str, Any], read: Callable[[str], bytes]
) -> Iterator[dict[str, str]]:
    """The positives of one folder's `patterns.yml` (see the module docstring)."""
    for pattern in spec.get("patterns") or []:
        kind = str(pattern.get("type", ""))
        if kind in SKIPPED_TYPES:
            continue
        for test in _tests(pattern):
            data = str(test.get("data", "")).encode("utf-8")
            has_span = "start_offset" in test or "end_offset" in test
            if not has_span and any(c.isspace() for c in data.decode().strip()):
                continue
            begin, end = _span(data, test.get("start_offset"), test.get("end_offset"))
            secret = _secret(data, begin, end)
            text = data.decode("utf-8", errors="replace").strip()
            yield {"rule": f"{folder}/{kind}", "label": "tp", "text": text, "secret": secret}
        for expected in pattern.get("expected") or []:
            data = read(f"{folder}/{expected['name']}")
            begin, end = _span(data, expected.get("start_offset"), expected.get("end_offset"))
            secret = _secret(data, begin, end)
            rule = f"{folder}/{expected['name']}"
            yield {"rule": rule, "label": "tp", "text": _snippet(data, begin), "secret": secret}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `ghas` set: one JSON object a line,
    `{"rule", "label": "tp", "text", "secret"}`, folders in path order, duplicates dropped."""
    del paths
    rows: list[dict[str, str]] = []
    for path in sorted(p for p in walk(read, "") if p.endswith("/patterns.yml")):
        folder = path.rsplit("/", 1)[0]
        if folder.split("/")[0] in SKIPPED_FOLDERS:
            continue
        rows.extend(rows_of(folder, yaml.safe_load(read(path)), read))
    return as_jsonl(rows)
