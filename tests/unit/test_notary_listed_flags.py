"""A name and its value written apart, as config files lay out a command or a variable: by
class, each failing before; written for this test from the formats' documented syntax
(Kubernetes' `args`, compose's `command`, JSON arrays, Dockerfile's `ENV`), with short
passwords of our own.

* **a flag and its value as separate list items**: a flag named for a secret, quoted, then a
  comma and its value (`["--password", "x"]`, a JSON array over lines), or a YAML list item
  `- --password` with the value the next item at the same indentation: the flag's value, in
  the assignment column (a word is a password after `--password`); another flag after it is
  no value, nor is a one-letter flag with its value glued (`"-ppassword", "mydb"`);
* **a Dockerfile's `ENV key value`** (the form without `=`): the space separates a name and its
  value whatever the name (`ENV PASSWORD x`, `ENV ADMIN_PASS x`), as `ENV DB_PASSWORD x`
  already did; a reference or a path after it is none.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

MASKED = [
    # a flag and its value as separate list items
    ('args: ["--password", "mynewcreds"]', "mynewcreds"),
    ('command: ["server", "--db-password", "bluecats"]', "bluecats"),
    ('"args": ["--api-key", "k7Qz2mX9"]', "k7Qz2mX9"),
    ('"args": [\n  "--token",\n  "bluecats"\n]', "bluecats"),
    ("args:\n  - --password\n  - mynewcreds", "mynewcreds"),
    ("args:\n  - --db-password\n  - root", "root"),
    ('args:\n  - "--token"\n  - "qwerty77"', "qwerty77"),
    ("    args:\n    - --password\n    - letmein\n    - --user\n    - bob", "letmein"),
    # a Dockerfile's ENV key value
    ("ENV PASSWORD mynewcreds", "mynewcreds"),
    ("FROM alpine\nENV PASSWORD root\nRUN make", "root"),
    ("ENV ADMIN_PASS letmein", "letmein"),
    ("ENV TOKEN bluecats", "bluecats"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_a_value_written_apart_from_its_name_is_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


KEPT = [
    '["-ppassword", "mydb"]',
    'args: ["--password-file", "/run/secrets/db"]',
    "args:\n  - --password\n  - $(DB_PASSWORD)",
    "args:\n  - --password\n  - --verbose",
    'args:\n  - "--token"\n  - "{{ .Values.token }}"',
    "args:\n  - --password\n  - --user\n  - bob",
    "ENV PWD /app",
    "ENV MYSQL_ALLOW_EMPTY_PASSWORD yes",
    "ENV SECRET_KEY_BASE ${SECRET_KEY_BASE}",
    "ENV PASSWORD_FILE /run/secrets/pw",
]


@pytest.mark.parametrize("text", KEPT)
def test_references_and_flags_written_apart_are_kept(text: str) -> None:
    assert notarize(text).text == text
