"""A value's stand-in classes, per occurrence or everywhere in a text (each failing before on
the per-occurrence classes; the everywhere classes are guards):

* **where a value stands** (a block's header label, an anti-forgery field, inside a reference,
  an example stated as one, a token cut short by an ellipsis) makes only that occurrence none:
  the same value found a secret elsewhere in the text is masked there and, as every value
  found, at each occurrence (a block's name reused as a password is the password);
* **what a value is** (a named filler, a structure or path, a code name the text declares, a
  template's value: a URL's user again or its own slot's name, a machine-made stand-in) makes
  it none everywhere in the text.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

PER_OCCURRENCE = [
    # a block's header label reused as a password
    (
        'resource "aws_iam_access_key" "Kite42sky" {\n  user = "ops"\n}\npassword = "Kite42sky"\n',
        "Kite42sky",
    ),
    # an anti-forgery field's value reused as an API token
    (
        '<meta name="csrf-token" content="q8Zr4Lm2Xk7pT9vW">\napi_token=q8Zr4Lm2Xk7pT9vW',
        "q8Zr4Lm2Xk7pT9vW",
    ),
]


@pytest.mark.parametrize(("text", "secret"), PER_OCCURRENCE)
def test_a_value_kept_where_it_stands_is_masked_where_it_is_a_secret(
    text: str, secret: str
) -> None:
    assert secret not in notarize(text).text


EVERYWHERE = [
    # a URL template's password (the user again) and the same word as its user elsewhere
    "DATABASE_URL=postgres://app:app@db/app\nDB_USER=app\n",
    # a block label alone, and a declared name
    'resource "aws_iam_access_key" "deploy2" {\n  user = "ops"\n}\n',
    "Parameters:\n  OpsPassword:\n    Type: String\nProps:\n  Password: OpsPassword\n",
    # a named filler said twice
    "password: changeme\nsecond_password: changeme\n",
]


@pytest.mark.parametrize("text", EVERYWHERE)
def test_a_value_none_by_what_it_is_stays_everywhere(text: str) -> None:
    assert notarize(text).text == text
