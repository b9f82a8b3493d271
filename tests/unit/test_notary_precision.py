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


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_block_without_its_begin_line_is_masked_line_by_line(newline: str) -> None:
    """Short body lines (not the 64-character lines of the unarmoured-material rule) right
    above an END line: every one is masked, the prose line above them and the END line kept."""
    lines = [_random(_ALNUM + "+/", 40, seed) for seed in range(3)]
    text = f"my key:{newline}" + newline.join(lines) + f"{newline}-----END EC PRIVATE KEY-----"
    result = notarize(text)
    assert result.text.startswith(f"my key:{newline}[REDACTED:private_key]")
    assert result.text.endswith("-----END EC PRIVATE KEY-----")
    assert not any(line[:12] in result.text for line in lines)


def test_every_adversarial_input_of_the_cost_benchmark_gets_an_answer() -> None:
    """bench/notary/cost.py's inputs (keys after keys, a block broken off before its END line,
    many distinct secrets...) at a small size: each is notarised and none grows beyond its
    placeholders. Their cost is the benchmark's to measure (no timed assertions here)."""
    from bench.notary.cost import ADVERSARIAL, adversarial

    inputs = adversarial((2_000,))
    assert [kind for kind, _, _ in inputs] == list(ADVERSARIAL)
    for kind, size, text in inputs:
        assert size - 100 <= len(text) <= size, kind
        result = notarize(text)
        assert len(result.text) <= len(text) + 32 * result.masked, kind
    secrets = dict((k, t) for k, _, t in inputs)["many secrets"]
    assert notarize(secrets).masked == secrets.count("password=")
