"""The notary's precision layer (`extractors/notary/precision.py`) and the classes of input it
decides: counting runs in a token's slot, formats the maintained rule set owns, mixed-case hex.
Every value here is invented for this test."""

from __future__ import annotations

import random

import pytest

from extractors.notary.core import NotaryResult, notarize
from extractors.notary.precision import counting_run, human_kind
from extractors.notary.randomness import looks_random, mixed_case

_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _random(alphabet: str, size: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(size))


@pytest.mark.parametrize(
    "text",
    [
        '"token": "xoxq-1234567890"',
        "API_TOKEN=tok_123456789012345678abcdef",
        "SERVICE_ACCESS_KEY: AbCdEF123",
        'client_secret = "abcdefghijk12345"',
    ],
)
def test_counting_runs_in_a_token_slot_are_stand_ins(text: str) -> None:
    assert notarize(text) == NotaryResult(text, (), 0)


@pytest.mark.parametrize(
    "text", ["password=12345678", "db_password: abcdef123", "my pin is 123456", "密码是12345678"]
)
def test_a_counting_run_is_still_a_password(text: str) -> None:
    """A person may choose `12345678`: the password and PIN slots keep every value."""
    assert notarize(text).masked == 1


def test_a_random_token_in_the_same_slot_is_masked() -> None:
    value = _random(_ALNUM, 24, 1)
    assert not counting_run(value)
    assert value not in notarize(f"API_TOKEN={value}").text


def test_counting_run_is_case_blind_and_needs_a_majority() -> None:
    assert counting_run("AbCdEF123") and counting_run("1234567890")
    assert not counting_run("k7Qz2mX9pL4wR8vT") and not counting_run("12345")
    assert human_kind("password") and human_kind("pin") and not human_kind("api_key")


def test_a_google_key_is_the_maintained_rule_sets_to_decide() -> None:
    """A key in Google's format that betterleaks' rule (entropy floor 4, published samples
    allowlisted) declines is not masked by our looser entropy rule; one it takes is masked."""
    weak = "AIza" + _random("AbCdEfGhJkMn23", 35, 5)  # entropy ~3.95: below the rule's floor
    assert looks_random(weak)  # our own entropy rule alone would have masked it
    assert notarize(f"maps key {weak}").masked == 0
    strong = "AIza" + _random(_ALNUM + "_-", 35, 5)
    assert notarize(f"maps key {strong}").text == "maps key [REDACTED:gcp_api_key]"


def test_mixed_case_hex_is_a_token_and_a_digest_is_not() -> None:
    token = _random("0123456789abcdefABCDEF", 40, 3)
    assert mixed_case(token)
    assert token not in notarize(f"sourcecode: {token}").text
    digest = _random("0123456789abcdef", 40, 3)
    for text in (f"commit {digest}", f"sha: {digest}", f"{digest.upper()} is the build"):
        assert notarize(text).masked == 0
    one_capital = "e" + digest[1:].replace("a", "C", 1)
    assert not mixed_case(one_capital)
    assert notarize(f"sha: {one_capital}").masked == 0
