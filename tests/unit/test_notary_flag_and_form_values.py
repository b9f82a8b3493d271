"""Two values in a credential's place that are none, by class, each failing before (values of
our own):

* **a flag is never a value**: in a list of arguments the item after `"--password"` that is
  another flag (`"--user"`, `"-u"`) holds no password (`shapes._FLAG`, the shape NOTHING);
* **an anti-forgery token** named on its line (`<meta name="csrf-token" content="...">`,
  Django's `csrfmiddlewaretoken`, Rails' `authenticity_token`, `X-CSRF-Token:`) is handed to
  every visitor of a form and opens nothing without the session: its random look is no
  secret (`precision.named_public`).
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

_DRAWN = "qT7vKx2LmZ9wRb4NcY8pHd3sFg6JaE1u"

KEPT = [
    'args: ["--password", "--user"]',
    'cmd = ["pg_dump", "--password", "--no-owner", "shop"]',
    "command:\n  - --token\n  - --verbose",
    f'<meta name="csrf-token" content="{_DRAWN}">',
    f'<input type="hidden" name="csrfmiddlewaretoken" value="{_DRAWN}">',
    f'<input type="hidden" name="authenticity_token" value="{_DRAWN}" />',
    f'"csrf_token": "{_DRAWN}"',
    f"X-CSRF-Token: {_DRAWN}",
    f"xsrf={_DRAWN}",
]


@pytest.mark.parametrize("text", KEPT)
def test_flags_and_anti_forgery_tokens_are_kept(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    ('args: ["--password", "Nk4v!q9Ztx"]', "Nk4v!q9Ztx"),
    ("command:\n  - --token\n  - Nk4v9Ztxq7Lm", "Nk4v9Ztxq7Lm"),
    (f'<meta name="api-key" content="{_DRAWN}">', _DRAWN),
    (f"csrf checked; token={_DRAWN}", _DRAWN),
    (f'<meta name="csrf-token" content="x">\n<meta name="api-key" content="{_DRAWN}">', _DRAWN),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_values_beside_flags_and_forms_are_still_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text
