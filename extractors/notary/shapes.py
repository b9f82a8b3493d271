"""The shape of a value written after a credential word: how much it looks like a secret.

The named-secret grammar (`notary.grammar`) decides whether a value is a secret from the
credential word before it, the separator between them and the value's shape alone; this module
gives the shape, one rule per level (the first that applies wins):

* `NOTHING`: a command-line flag (`--user`, `-u`: a flag is never a value); a placeholder,
  reference, ordinary word of the label's sentence or a value of
  fewer than 3 characters (`values.is_placeholder`: `***`, `<password>`, `${TOKEN}`,
  `os.environ[...]`, "required", "the"); a value cut short with an ellipsis (`ops_eyJz...`:
  someone showing a prefix); a URL (`https://...`: its user-info is the URL family's);
* `NUMBER`: digits only (`12345678`), also grouped by spaces or dashes of a PIN (`1234-5678`);
* `WORD`: letters only (`monkey`, `Dragon`, but not a random run: `hfCnuVcYOgiRjlDEmAoRbN`),
  words and names with single spaces between, each a WORD or NUMBER by itself (a label,
  `Templates S3 Key Prefix`: `correct horse battery staple` is a WORD, a secret after a strong
  word, none after `key`), a file's name (`README.md`: a WORD or name, a dot, a lower-case
  extension),
  CJK characters only, or an identifier, path, file
  name, e-mail address or version: words and short numbers joined by `_`, `-`, `.` or case
  (camel humps of three letters or more; most lower-case runs holding a vowel)
  (`user_id`, `DOC_Vector_5_32`, `X25519.KeyPair`, `getUserName`, `file.txt`, `/home/me`,
  `bob@example.com`, `v1.2.3`, `Python3.11`), unless it is a run of 16 or more that looks
  random (`hcMlMNXXWLTP_MTbGlmeSdMBHDHRDnZ`); or base64 of plain words (`ZHVtbXkgdGV4dA==`);
* `MIXED`: at least two of lower case, upper case, digits and symbols, at least 6 characters
  (`hunter2`, `s3cret!`, `Summer24`);
* `RANDOM`: three or more of those classes and at least 8 characters (`Tr0ub4dor&3x`), or a
  run of 16 or more that `randomness.looks_random` accepts (`k7Qz2mX9pL4wR8vTq1`).
"""

from __future__ import annotations

import re
from enum import IntEnum

from extractors.notary.randomness import encoded_text, looks_random
from extractors.notary.values import is_placeholder


class Shape(IntEnum):
    """How much a value looks like a secret (higher is more)."""

    NOTHING = 0
    NUMBER = 1
    WORD = 2
    MIXED = 3
    RANDOM = 4


MIN_MIXED = 6
MIN_RANDOM = 8
MIN_ENTROPY_RUN = 16
_NUMBER = re.compile(r"\d+(?:[ \-]\d+)*")
_LETTERS = re.compile(r"(?:[^\W\d_])+")
_PART = r"(?:[a-z]+|[A-Z][a-z]+|[A-Z](?![a-z]))(?:[A-Z][a-z]{2,}|[A-Z](?![a-z]))*\d{0,6}|\d{1,6}"
"""One word of an identifier: lower case, Capitalized or an acronym, then camel humps of at least
three letters (`getUserName`, `XMLHttp`), then a short number (`u16`, `Ed25519`)."""
_IDENTIFIER = re.compile(
    r"""(?x)
    (?:{part})(?:[_\-.](?:{part}))+                       # user_id, DOC_Vector_5_32, kVK_Return.u16
    | [a-z]+(?:[A-Z][a-z]+)+\d{0,2}                      # getUserName
    | (?:[A-Z][a-z]+){2,}\d{0,2}                         # AbstractFactory
    | [a-z]+(?:_[a-z0-9]+)+                              # snake_case_2
    | (?:~|\.{1,2})?/[\w.\-/]*                           # /home/me, ./run.sh
    | [\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+                    # bob@example.com
    | v?\d+(?:\.\d+){1,3}[a-z0-9\-]*                     # v1.2.3, 3.11
    | [A-Za-z]+[ \-]?\d+(?:\.\d+)+                       # Python3.11
    """.replace("{part}", _PART)
)
_LOWER_RUN = re.compile(r"[a-z]{2,}")
_VOWELS = frozenset("aeiouy")


def _wordy(value: str) -> bool:
    """Most lower-case runs of an identifier hold a vowel (`jetbrains.mps`, not `tgHBlyRtl`)."""
    runs = _LOWER_RUN.findall(value)
    return 2 * sum(bool(_VOWELS.intersection(run)) for run in runs) >= len(runs)


_URL = re.compile(r"[A-Za-z][\w+.\-]*://")
_FLAG = re.compile(r"--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[A-Za-z]")
"""A command-line flag (`--user`, `--no-verify`, `-u`): a flag is never a value, so in a list
of arguments the item after `"--password"` that is another flag holds no password."""


def _classes(value: str) -> int:
    return (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )


def _random_run(value: str) -> bool:
    return len(value) >= MIN_ENTROPY_RUN and looks_random(value)


_SEGMENT = r"[a-z]+\d{0,3}(?:[._\-][a-z]+\d{0,3})*"
_PATH = re.compile(rf"{_SEGMENT}(?:/{_SEGMENT})+/?")
"""A path of lower-case words, each letters then a short number (`alias/aws/s3`,
`app/config.json`): a place, not a drawn value (a webhook's `4j55coiu.../u37txy...` is drawn)."""


_EXTENSION = re.compile(r"\.[a-z][a-z0-9]{0,4}$")


def _file_name(value: str) -> bool:
    """A name and a file type (`README.md`, `Dockerfile.prod`, `Makefile.am`): the name
    before the extension is a word or a name by itself."""
    found = _EXTENSION.search(value)
    return found is not None and found.start() > 0 and shape(value[: found.start()]) <= Shape.WORD


def _phrase(value: str) -> bool:
    """Words and names written with single spaces between (`Templates S3 Key Prefix`,
    `CloudWatch Logs KMS Key for Lambda logs`, a label or description): each part is a word,
    a name or a short number by itself."""
    parts = value.split(" ")
    return len(parts) >= 2 and all(part and shape(part) <= Shape.WORD for part in parts)


def shape(value: str) -> Shape:
    """The shape of `value` (see the module docstring)."""
    if is_placeholder(value) or _URL.match(value) or value.endswith(("...", "…")):
        return Shape.NOTHING
    if _FLAG.fullmatch(value):
        return Shape.NOTHING
    if _PATH.fullmatch(value) and _wordy(value):
        return Shape.NOTHING
    if _NUMBER.fullmatch(value):
        return Shape.NUMBER
    identifier = _IDENTIFIER.fullmatch(value) is not None and _wordy(value)
    if (_LETTERS.fullmatch(value) or identifier) and not _random_run(value):
        return Shape.WORD
    if encoded_text(value) or _phrase(value) or _file_name(value):
        return Shape.WORD
    classes = _classes(value)
    if classes >= 3 and len(value) >= MIN_RANDOM:
        return Shape.RANDOM
    if len(value) >= MIN_ENTROPY_RUN and looks_random(value):
        return Shape.RANDOM
    if classes >= 2 and len(value) >= MIN_MIXED:
        return Shape.MIXED
    return Shape.WORD
