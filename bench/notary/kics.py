"""KICS' "Passwords And Secrets" query tests as labelled config files for the notary benchmark.

KICS (an infrastructure-as-code scanner, by Checkmarx; this snapshot is DataDog's fork) tests
its generic query for credentials written into config files on small files of Terraform, YAML
(Kubernetes, CloudFormation, compose), JSON and Dockerfiles
(`assets/queries/common/passwords_and_secrets/test/`): every `positive*` file holds credentials
at the lines its authors list in `positive_expected_result.json` (file and line), every
`negative*` file holds none. Many of the values are short config passwords (`root`,
`pass!1213Fs`, `passx`), the class the other sources under-represent. Taken here:

* positives: each listed line; the text is the whole file (a config file as a user pastes it),
  the secret the value of the line, read by one rule a layout: a line inside a heredoc
  (`<<EOT` ... `EOT`) holding a key block labels the key: its base64 lines between the armour
  lines (not the `Proc-Type:` headers), or a PuTTY file's private lines; otherwise the line is
  a name, a separator (`:` or `=`) and a value, after an optional list dash, `export`, `ARG`
  or `ENV` (`ARG password=pass!1213Fs`, `- POSTGRES_PASSWORD=postgres`), and the secret is the
  value without its quotes and a trailing comma (of a URL the loader keeps its password,
  `sources.secret_of`);
* negatives: every `negative*` file whole (a file with no credential must come back unchanged).

Left out (counted as unlabelled, `sources.load_source`): a listed value that is no value of its
own, the query's flags on structure rather than a credential: a reference or expression
(`{{resolve:secretsmanager:...}}`, `local.x ? var.y : "null"`), a JSON template
(`'{"username":"admin"}'`) and a sentence (a description of four or more words). The rule (what
the split into halves goes by, `cases.half_of`) is the file's name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from bench.notary.trufflehog import as_jsonl, walk

TESTS = "assets/queries/common/passwords_and_secrets/test/"
EXPECTED = "positive_expected_result.json"
_HEREDOC = re.compile(r"<<-?\s*['\"]?(?P<end>[A-Z]+)['\"]?\s*$")
_ARMOUR = re.compile(r"-----BEGIN [A-Z ]+-----\n(?P<v>.*?)\n-----END", re.S)
_PUTTY = re.compile(r"Private-Lines: \d+\n(?P<v>.*?)\nPrivate-MAC", re.S)
_LEAD = re.compile(r"^\s*(?:-\s+)?(?:(?:export|ARG|ENV)\s+)?")
_PAIR = re.compile(r"""^["']?[\w.\-]+["']?\s*(?:=|:)\s*(?P<v>.*?)\s*,?\s*$""")
_NO_VALUE = re.compile(r"^\{\{resolve:|^\{|\?.*:|\b(?:var|local)\.\w")


def _heredoc(lines: list[str], at: int) -> str | None:
    """The body of the heredoc holding line `at` (0-based), if any."""
    for start in range(at, -1, -1):
        opened = _HEREDOC.search(lines[start])
        if opened:
            end = next(
                (i for i in range(start + 1, len(lines)) if lines[i].strip() == opened["end"]),
                len(lines),
            )
            return "\n".join(lines[start + 1 : end]) if start < at < end else None
    return None


def secret_of_line(lines: list[str], at: int) -> str:
    """The labelled secret of line `at` (0-based) of a positive file (see the docstring); empty
    when the value is no value of its own."""
    body = _heredoc(lines, at)
    key = (_PUTTY.search(body) or _ARMOUR.search(body)) if body is not None else None
    if key:
        return "\n".join(k for k in key["v"].splitlines() if k.strip() and ": " not in k)
    line = _LEAD.sub("", lines[at])
    pair = _PAIR.match(line)
    value = pair["v"] if pair else line.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'`":
        value = value[1:-1]
    if _NO_VALUE.search(value) or len(value.split()) >= 4:
        return ""
    return value


def rows_of(read: Callable[[str], bytes]) -> Iterator[dict[str, str]]:
    """The positives of every listed line, then every negative file, in name order."""
    expected = json.loads(read(TESTS + EXPECTED))
    listed = sorted({(str(e["fileName"]), int(e["line"])) for e in expected})
    for name, line in listed:
        text = read(TESTS + name).decode("utf-8", errors="replace")
        lines = text.splitlines()
        if not 0 < line <= len(lines):
            continue
        secret = secret_of_line(lines, line - 1)
        yield {"rule": name, "label": "tp", "text": text.strip(), "secret": secret}
    for path in sorted(walk(read, TESTS)):
        name = path.rsplit("/", 1)[-1]
        if name.startswith("negative"):
            text = read(path).decode("utf-8", errors="replace").strip()
            yield {"rule": name, "label": "fp", "text": text, "secret": ""}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `kics` set: one JSON object a line, `{"rule", "label":
    "tp"|"fp", "text", "secret"}`, duplicates dropped."""
    del paths
    return as_jsonl(rows_of(read))
