"""Skyscanner/whispers' test fixtures as labelled strings for the notary benchmark.

whispers (a secrets scanner for structured text, by Skyscanner) tests itself on config files in
many formats (tests/fixtures/: YAML, JSON, XML, .properties, .ini, .env, .npmrc, .pypirc, pip.conf,
.htpasswd, Dockerfile, shell, Python, Go, Java, JS, PHP, plain text). Its authors mark every
secret they want found by putting the word `hardcoded` (in any case) in its value, or in the
bytes the value decodes to from base64 (tests/unit/test_secrets.py asserts exactly that), and
most fixtures are laid out in a `Compliant` section (values the scanner must leave) and a
`Noncompliant` section (values it must report). Taken here:

* positives: each value holding `hardcoded` (or base64 of it) inside a noncompliant section, or
  anywhere in a fixture without sections; the value is the run of characters around the word up
  to a quote, bracket, space, `=`, `:`, `@`, `,`, `;`, `&`, `<`, `>` or backslash (of a URL
  path, the last segment). The text is the value's line with the two lines before it (a
  snippet as a user pastes it; it holds the key of an XML `<entry>` whose value is on its own
  line);
* negatives: every non-empty, non-comment line of a compliant section (`password: password`,
  `ENV DRONE_TOKEN {{ DRONE_TOKEN }}`, `passenger: "ok1"`).

Left out: fixtures about something other than credentials at rest (comments in HTML, file paths,
credit cards, the rule-list and severity configurations, exclusion configurations), fixtures
named invalid or empty, and values whose label is only that they are numeric (the test skips
them).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterator

from bench.notary.trufflehog import as_jsonl, walk

FIXTURES = "tests/fixtures/"
_SKIPPED = re.compile(
    r"/(?:language\.html|paths\.yml|creditcards\.yml|ruleslist\.yml|severity\.yml|excluded\.\w+"
    r"|invalid\.\w+|empty\.\w+|\.gitkeep)$"
)
_MARKER = re.compile(r"(?i)\b(non-?|in)?compliant\b")
_VALUE = r"[^\s\"'`<>=:@,;&(){}\[\]\\|]"
_HARDCODED = re.compile(rf"(?i){_VALUE}*hardcoded{_VALUE}*")
_KEY = re.compile(r"[\"']?\s*[:=](?!//)")
"""What follows a key (`o1_hardcoded_password: ...`, `"01_hardcoded_password": ...`)."""
_BASE64 = re.compile(r"[A-Za-z0-9+/]{12,}={0,2}")
_COMMENT = ("#", "//", "<!--", "--", "/*", "*")


def _sections(text: str) -> Iterator[tuple[str, str]]:
    """(section, line) for each line: `compliant`, `noncompliant`, `marker` (the line naming a
    section), `none` (before any marker in a fixture that has markers) or `all` (a fixture
    without markers)."""
    lines = text.splitlines()
    if not any(_MARKER.search(line) for line in lines):
        yield from (("all", line) for line in lines)
        return
    section = "none"
    for line in lines:
        marker = _MARKER.search(line)
        if marker:
            section = "noncompliant" if marker[1] else "compliant"
        yield ("marker" if marker else section), line


def _decodes_to_label(value: str) -> bool:
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return b"hardcoded" in decoded.lower()


def secrets_of(line: str) -> Iterator[str]:
    """The labelled values of one line (see the module docstring)."""
    for found in _HARDCODED.finditer(line):
        value = found.group()
        if _KEY.match(line, found.end()) or line[: found.start()].endswith(("<", "</")):
            continue
        yield value.rstrip("/").rsplit("/", 1)[-1] if "//" in value else value
    for found in _BASE64.finditer(line):
        if "hardcoded" not in found.group().lower() and _decodes_to_label(found.group()):
            yield found.group()


def rows_of(path: str, text: str) -> Iterator[dict[str, str]]:
    """The positives and negatives of one fixture; its rule is the fixture's name without the
    format (`passwords.yml`, `passwords.json` and `passwords.xml` are one rule)."""
    rule = re.sub(r"\.(?:dist|template)$", "", path.removeprefix(FIXTURES).lstrip("."))
    rule = re.sub(r"\.(?:yml|json|xml)$", "", rule)
    lines = text.splitlines()
    for number, (section, line) in enumerate(_sections(text)):
        if section in ("noncompliant", "all"):
            snippet = "\n".join(lines[max(0, number - 2) : number + 1]).strip()
            for secret in secrets_of(line):
                yield {"rule": rule, "label": "tp", "text": snippet, "secret": secret}
        elif section == "compliant":
            stripped = line.strip()
            if stripped and not stripped.startswith(_COMMENT) and re.search(r"\w", stripped):
                yield {"rule": rule, "label": "fp", "text": stripped, "secret": ""}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `whispers` set: one JSON object a line,
    `{"rule", "label": "tp"|"fp", "text", "secret"}`, fixtures in path order, duplicates
    dropped."""
    del paths
    return as_jsonl(
        row
        for path in sorted(walk(read, FIXTURES))
        if not _SKIPPED.search(path)
        for row in rows_of(path, read(path).decode("utf-8", errors="replace"))
    )
