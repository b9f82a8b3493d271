"""Short config passwords in layouts probed from the config and shell languages' syntax, with
word-and-digit values of our own (`sunny42`): by class, each failing before.

* **a scoped PowerShell variable** (`$env:DB_PASS = "x"`): the scope is no colon path, the name
  after it is a label as `$DB_PASS` would be;
* **fish's `set -x NAME value`**: the space separates a name and its value, as after `ENV`
  and `setx`;
* **a value stated before its name** (`x is my password`, `4821 was the pin for the door`);
* **user-info without a scheme before a host and port** (`app:x@db.internal:5432`);
* **a default given to an environment lookup inside an assignment** (`pw =
  os.getenv("DB_PASSWORD", "x")`, `'password' => env('DB_PASSWORD', 'x')`): the outer value,
  a call, is none, and the name and value inside it are judged (before, the search went on
  after the outer match and never read them).
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

MASKED = [
    ('$env:DB_PASS = "sunny42"', "sunny42"),
    ("$Env:API_TOKEN = 'k9mx2qv7'", "k9mx2qv7"),
    ("set -x DB_PASS sunny42", "sunny42"),
    ("set -gx API_TOKEN k9mx2qv7zz", "k9mx2qv7zz"),
    ("sunny42 is my password", "sunny42"),
    ('"Nk4v9Zt" was the wifi password for the cabin', "Nk4v9Zt"),
    ("4821 is the pin for the door", "4821"),
    ("app:sunny42@db.internal:5432", "sunny42"),
    ("connect with app:s3cret9@10.0.0.5:3306", "s3cret9"),
    ('pw = os.getenv("DB_PASSWORD", "sunny42")', "sunny42"),
    ("'password' => env('DB_PASSWORD', 'sunny42'),", "sunny42"),
    ('pw := getEnv("DB_PASSWORD", "sunny42")', "sunny42"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_short_config_passwords_are_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


KEPT = [
    '$env:PATH = "C:\\tools"',
    "set -x PATH /usr/local/bin",
    "this is my password",
    "monkey is my password",
    "hunter2 is my password manager",
    "12 is my pin count",
    "postgres:postgres@db:5432",
    "user:password@localhost:5432",
    "git@github.com:org/repo.git",
    "see note:fix@page:12",
    'host = os.getenv("DB_HOST", "localhost")',
    'pw = os.getenv("DB_PASSWORD")',
]


@pytest.mark.parametrize("text", KEPT)
def test_what_is_no_password_is_kept(text: str) -> None:
    assert notarize(text).text == text
