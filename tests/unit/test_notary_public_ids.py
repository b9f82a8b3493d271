"""Public identifier shapes are no credential (docs/write.md, "Identifiers are not secrets
unless named as one"; `notary.public`): on-chain addresses and hashes, advisory ids, object ids
and resource names, each drawn from a seeded generator in the shape's own alphabet and put in
prose; and the same shapes named by a credential word are still masked."""

from __future__ import annotations

import random
import string

import pytest

from extractors.notary.core import notarize

_RNG = random.Random("public ids")
_HEX = "0123456789abcdef"
_GHSA = "23456789cfghjmpqrvwx"


def _draw(alphabet: str, size: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(size))


def _checksummed(hex_digits: str) -> str:
    return "".join(c.upper() if _RNG.random() < 0.5 else c for c in hex_digits)


CLASSES = {
    "on-chain address": lambda: "0x" + _checksummed(_draw(_HEX, 40)),
    "transaction hash": lambda: "tx " + "0x" + _draw(_HEX, 64),
    "advisory id": lambda: "GHSA-" + "-".join(_draw(_GHSA, 4) for _ in range(3)),
    "object id": lambda: (
        _RNG.choice(["acct_", "cus_", "pi_", "evt_", "org_"])
        + _draw(string.ascii_letters + string.digits, 16)
    ),
    "resource name": lambda: (
        _RNG.choice(["acme", "billing", "web"])
        + "-"
        + _draw(string.ascii_lowercase + string.digits, 10)
        + "-"
        + _RNG.choice(["prod", "staging", "dev", "eu"])
    ),
}
PROSE = [
    "see {} for the details",
    "it went to {} yesterday",
    "the id is {}.",
    "check {} and tell me",
]


@pytest.mark.parametrize("kind", list(CLASSES))
def test_a_public_identifier_in_prose_is_kept(kind: str) -> None:
    for template in PROSE:
        for _ in range(5):
            text = template.format(CLASSES[kind]())
            assert notarize(text).text == text, kind


@pytest.mark.parametrize("kind", list(CLASSES))
def test_a_public_identifier_named_as_a_credential_is_masked(kind: str) -> None:
    value = CLASSES[kind]()
    for template in ("private_key = {}", "my secret key is {}", "API_TOKEN={}"):
        text = template.format(value.removeprefix("tx "))
        assert value.removeprefix("tx ") not in notarize(text).text, text


def test_a_key_prefix_a_long_draw_or_an_unnamed_64_hex_is_no_public_shape() -> None:
    for value in (
        "sk_" + _draw(string.ascii_letters + string.digits, 24),
        "rk_" + _draw(string.ascii_letters + string.digits, 24),
        "acme-" + _draw(string.ascii_lowercase + string.digits, 24) + "-prod",
        "0x" + _draw(_HEX, 52),
        "0x" + _draw(_HEX, 64),
    ):
        text = f"see {value} for the details"
        assert value not in notarize(text).text, text
