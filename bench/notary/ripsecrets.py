"""sirwart/ripsecrets' test files as labelled strings for the notary benchmark.

ripsecrets (a secret scanner in Rust, by Brian Smith, MIT) tests itself on three kinds of files
(src/lib.rs asserts each): under `test/one_per_line/` every line holds exactly one secret, under
`test/one_per_file/` every file holds exactly one, and `test/none` holds none. The authors do not
mark the secret's span inside a line; it is read here by one rule a layout:

* a line `<tag>value</tag>`: the value;
* a URL or connection string (`scheme://...`): the whole line (the benchmark's loader keeps
  only its password, `sources.secret_of`);
* a line `name <sep> value` (`export` optional; a name of letters, digits, `_ - .`, quotes and
  brackets; a separator `=`, `:=` or `:`): the value without its quotes and a trailing comma;
  of an `.npmrc` line (`//registry/:_authToken=value`) the value after the last `=`;
* any other line: the line (a bare token);
* a file: its key block's body (between the armour lines), else the line of its one quoted
  value that is not a header (`"aws_access_key": "AKIA..."` in an HTTP answer's JSON body).

Positives are one per line (one per file); negatives every non-empty line of `test/none` but
two, which are real keys the authors silence by configuration (a `pragma: allowlist secret`
comment, a `.secretsignore` entry), not values that are no secret. The
rule (what the split into halves goes by, `cases.half_of`) is the file's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from bench.notary.trufflehog import as_jsonl, walk

_TAG = re.compile(r"^\s*<(\w+)>(?P<v>.*)</\1>\s*$")
_ASSIGN = re.compile(r"""^\s*(?:export\s+)?[\w"'\[\].\-]+\s*(?::=|=|:)\s*(?P<v>.+?)\s*,?\s*$""")
_QUOTED_PAIR = re.compile(r"""^\s*"[\w-]+"\s*:\s*"(?P<v>[^"]+)",?\s*$""")
_SILENCED = re.compile(r"pragma: allowlist secret|\.secretsignore")
_BLOCK = re.compile(r"-----BEGIN [A-Z ]+-----\n(?P<v>.*?)\n-----END", re.S)


def secret_of_line(line: str) -> str:
    """The one secret of a `one_per_line` line (see the module docstring)."""
    tag = _TAG.match(line)
    if tag:
        return tag["v"]
    stripped = line.strip()
    if re.match(r"^[A-Za-z][\w+.\-]*://", stripped):
        return stripped
    if stripped.startswith("//"):
        return stripped.rsplit("=", 1)[-1]
    assigned = _ASSIGN.match(line)
    if assigned:
        value = assigned["v"]
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'`":
            value = value[1:-1]
        return value
    return stripped


def _file_rows(name: str, text: str) -> Iterator[dict[str, str]]:
    block = _BLOCK.search(text)
    if block:
        yield {"rule": name, "label": "tp", "text": text.strip(), "secret": block["v"]}
        return
    for line in text.splitlines():
        pair = _QUOTED_PAIR.match(line)
        if pair:
            yield {"rule": name, "label": "tp", "text": text.strip(), "secret": pair["v"]}
            return


def rows_of(path: str, text: str) -> Iterator[dict[str, str]]:
    """The positives or negatives of one test file."""
    name = path.rsplit("/", 1)[-1]
    if path.startswith("test/one_per_file/"):
        yield from _file_rows(name, text)
        return
    label = "fp" if path == "test/none" else "tp"
    for line in text.splitlines():
        if not line.strip() or (label == "fp" and _SILENCED.search(line)):
            continue
        secret = secret_of_line(line) if label == "tp" else ""
        yield {"rule": name, "label": label, "text": line.strip(), "secret": secret}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `ripsecrets` set: one JSON object a line,
    `{"rule", "label": "tp"|"fp", "text", "secret"}`, files in path order, duplicates dropped."""
    del paths
    return as_jsonl(
        row
        for path in sorted(walk(read, "test/"))
        for row in rows_of(path, read(path).decode("utf-8", errors="replace"))
    )
