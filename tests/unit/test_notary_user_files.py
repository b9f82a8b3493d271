"""A file of users (`.htpasswd`, a pwdump or shadow extract): a `user:value` line whose siblings
hold password hashes holds that user's password in clear (by class, failing before)."""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

HASHED = "alice:$2y$05$Cq3n0yRz0QaQ0lP6mBqz2uB3x7mYkA1fO9Qf8rVwLwG1bqz6d3Tqe"
APR1 = "bob:$apr1$l0cpzs5a$vQK3lmgMGvcXcRP8bW1x0/"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"{HASHED}\ncarol:Tr0ub4dor3x", "Tr0ub4dor3x"),
        (f"carol:hunter22\n{APR1}", "hunter22"),
        (f"# users\n{APR1}\n\ndave:Sc0ZiCkjrTRbLgp\n", "Sc0ZiCkjrTRbLgp"),
        (f"{HASHED}\n  erin.smith:xK9#mQ2!vL", "xK9#mQ2!vL"),
    ],
)
def test_a_clear_password_beside_hashed_users_is_masked(text: str, secret: str) -> None:
    masked = notarize(text).text
    assert secret not in masked
    assert "alice:" in masked or "bob:" in masked


@pytest.mark.parametrize(
    "text",
    [
        "carol:Tr0ub4dor3x",  # no hashed sibling: a label, a key, anything
        "host: db\nport: 5432\nuser:admin",
        f"{HASHED}\nnote:see\nbob:secret",  # words are no clear password
        f"{HASHED}\nstarted:10:30",
    ],
)
def test_without_a_hashed_sibling_or_a_drawn_value_nothing_more_is_masked(text: str) -> None:
    masked = notarize(text).text
    for kept in ("carol:Tr0ub4dor3x", "user:admin", "note:see", "bob:secret", "started:10:30"):
        if kept in text:
            assert kept in masked
