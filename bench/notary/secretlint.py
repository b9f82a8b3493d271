"""secretlint's rule fixtures as labelled strings for the notary benchmark.

Every rule package of secretlint (packages/@secretlint/secretlint-rule-<name>/test/snapshots/)
has one folder per fixture: `ng.*` inputs the rule must report, `ok.*` inputs it must not, each
with the rule's `output.json` (the input as `sourceContent`, and per report its `data`: the
value found). Taken here:

* positives: each report of an `ng.*` (or unprefixed) fixture of a credential rule; the secret
  is the value the rule names in `data` (KEY, TOKEN, SECRET, ID, CREDENTIAL, URI, URL); for a
  URL with user-info (basic auth, database connection strings) the password between `:` and
  the last `@`, and for a webhook URL its last path segment (the rest is a host and ids);
* negatives: every non-empty, non-comment line of an `ok.*` fixture (a fixture holding a key
  block stays whole), from the same credential rules.

Left out, as not about credentials at rest in a message or as depending on a configuration:
the rules about file names, home folders, `.env` files, Kubernetes manifests, comments and
user-configured patterns, and the example rule; reports that name an account, tenant or
client id (`AWSAccountID`, `AzureTenantId`, `AzureClientId`); fixtures whose name says an
option allows the value (`allows`, `enableIDScanRule`, `filePathGlobs`); binary inputs (P12).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from bench.notary.trufflehog import as_jsonl, walk

PACKAGES = "packages/@secretlint/"
_SKIPPED_RULES = (
    "example",
    "filter-comments",
    "no-dotenv",
    "no-homedir",
    "no-k8s-kind-secret",
    "pattern",
    "preset-canary",
    "preset-recommend",
)
_SKIPPED_REPORTS = ("AWSAccountID", "AzureTenantId", "AzureClientId", "PrivateKeyP12")
_SKIPPED_FIXTURES = re.compile(r"allows|enableIDScanRule|filePathGlobs|disable|not-detected")
_DATA_KEYS = ("KEY", "TOKEN", "SECRET", "ID", "CREDENTIAL", "URI", "URL")
_USER_INFO = re.compile(r"^[A-Za-z][\w+.:\-]*://[^:/@\s]*:(?P<pw>.+)@[^@]*$")


def secret_of(data: dict[str, object]) -> str:
    """The secret a report names (see the module docstring)."""
    for key in _DATA_KEYS:
        value = data.get(key)
        if not isinstance(value, str) or not value:
            continue
        if key in ("CREDENTIAL", "URI"):
            found = _USER_INFO.match(value.rstrip("\"';,)"))
            return found["pw"] if found else value
        if key == "URL":
            return value.rstrip("/").rsplit("/", 1)[-1]
        return value
    return ""


def _fixture(path: str) -> tuple[str, str] | None:
    """(rule, fixture folder) of an output.json of a credential rule, else None."""
    match = re.match(
        rf"{PACKAGES}secretlint-rule-([^/]+)/test/snapshots/([^/]+)/output\.json$", path
    )
    if match is None or match[1] in _SKIPPED_RULES or _SKIPPED_FIXTURES.search(match[2]):
        return None
    return match[1], match[2]


def _negatives(rule: str, source: str) -> Iterator[dict[str, str]]:
    if "-----BEGIN" in source:
        yield {"rule": rule, "label": "fp", "text": source.strip(), "secret": ""}
        return
    for line in source.splitlines():
        text = line.strip()
        if text and not text.startswith(("#", "//", "<!--")):
            yield {"rule": rule, "label": "fp", "text": text, "secret": ""}


def _positives(rule: str, output: dict[str, object]) -> Iterator[dict[str, str]]:
    source = str(output.get("sourceContent", ""))
    for message in output.get("messages", ()):  # type: ignore[attr-defined]
        if message.get("messageId") in _SKIPPED_REPORTS:
            continue
        secret = secret_of(message.get("data") or {})
        yield {
            "rule": rule,
            "label": "tp",
            "text": source.strip(),
            "secret": secret if secret in source else "",
        }


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `secretlint` set: one JSON object a line,
    `{"rule", "label": "tp"|"fp", "text", "secret"}`, fixtures in path order, duplicates
    dropped."""
    del paths
    return as_jsonl(row for path in sorted(walk(read, PACKAGES)) for row in _rows(read, path))


def _rows(read: Callable[[str], bytes], path: str) -> list[dict[str, str]]:
    found = _fixture(path)
    if found is None:
        return []
    rule, folder = found
    output = json.loads(read(path).decode("utf-8"))
    if output.get("messages"):
        return list(_positives(rule, output))
    if folder.startswith("ok.") or "placeholder" in folder:
        return list(_negatives(rule, str(output.get("sourceContent", ""))))
    return []
