"""The notary's entropy rule by alphabet: an unlabelled token a generator drew is masked
whether it mixes both cases or only one with digits, is joined by `-`/`_` (URL-safe base64) or
is 16 to 20 characters long (a short token's entropy is capped by its length); names made of
words and numbers, hex digests and UUIDs are kept.

Tokens are drawn at test time from a seeded generator; each test asserts the share of draws
masked in a sentence without any credential word (the notary before these rules masked 0-48%
of them, see docs/write.md)."""

from __future__ import annotations

import random
import string

import pytest

from extractors.notary.core import notarize
from extractors.notary.randomness import interleaved, unvoiced

DRAWS = 200


def _masked_share(alphabet: str, size: int) -> float:
    """The share of `DRAWS` tokens masked; each alphabet and size has its own seeded generator,
    so a test's draws do not depend on which tests ran before it."""
    rng = random.Random(f"3007 {alphabet} {size}")
    return _hidden(["".join(rng.choice(alphabet) for _ in range(size)) for _ in range(DRAWS)])


def _hidden(tokens: list[str]) -> float:
    """The share of `tokens` masked in a sentence without any credential word."""
    masked = (t not in notarize(f"config: {t}  # from the dashboard").text for t in tokens)
    return sum(masked) / len(tokens)


@pytest.mark.parametrize(
    ("alphabet", "size", "least"),
    [
        (string.ascii_lowercase + string.digits, 32, 0.8),
        (string.ascii_lowercase + string.digits, 24, 0.75),
        (string.ascii_uppercase + string.digits, 24, 0.75),
    ],
    ids=["lower-and-digits-32", "lower-and-digits-24", "upper-and-digits-24"],
)
def test_one_case_and_digits_drawn_together_are_masked(
    alphabet: str, size: int, least: float
) -> None:
    assert _masked_share(alphabet, size) >= least


@pytest.mark.parametrize("size", [16, 20, 24, 32, 40])
def test_url_safe_tokens_joined_by_dash_or_underscore_are_masked(size: int) -> None:
    """A joiner is a character of the alphabet: a draw may start or end with one or put two
    together, and its length counts the joiners (65% of 16-character draws were masked when a
    joiner had to sit between two letters or digits and was not counted)."""
    assert _masked_share(string.ascii_letters + string.digits + "-_", size) >= 0.85


def test_sixteen_characters_of_both_cases_and_digits_are_masked() -> None:
    assert _masked_share(string.ascii_letters + string.digits, 16) >= 0.8


@pytest.mark.parametrize("size", [16, 20])
@pytest.mark.parametrize(
    "alphabet",
    [string.ascii_lowercase + string.digits, string.ascii_uppercase + string.digits],
    ids=["lower-and-digits", "upper-and-digits"],
)
def test_short_draws_of_one_case_and_digits_are_masked(alphabet: str, size: int) -> None:
    """A short token's entropy is capped by its length (`entropy_floor`) and its switches
    between letters and digits vary (`interleaved`): 43% of 16-character draws were masked
    with a fixed floor of 3.6 bits and 0.3 switches."""
    assert _masked_share(alphabet, size) >= 0.85


@pytest.mark.parametrize("size", [16, 24])
def test_letters_of_both_cases_drawn_alike_are_masked(size: int) -> None:
    """No digit, both cases about as often (`randomness.mixed_case`): 0% of draws under 32
    characters were masked before."""
    assert _masked_share(string.ascii_letters, size) >= 0.8


@pytest.mark.parametrize(
    "text",
    [
        "pub const SN_id_Gost28147_89_None_KeyMeshing = 1",
        "extends AbstractSingletonProxyFactoryBean here",
        "the XMLHttpRequestHandler class failed",
        "call getUserAccountSettingsForm() first",
        "MySQLConnectionPoolDataSource is deprecated",
        'header X-API-Name: "NRG0-Hermes-INTERNAL-API"',
        "export AWS_SECRET_ACCESS_KEY_ID_FOR_PROD_2",
        "install my-package-name-v2-beta3-final",
        "user load-neo4j-one-0 and agent-gpt4o-prod-01 wrote",
        "the i18n-l10n-a11y-guide and team-k8s-staging-cluster-2",
        "the build release-2024-candidate-build-17 passed",
        "request 1a8d0cca-e1a9-4318-bc2f-f5658ab2dcb5 failed",
        "commit 3f2a9c1e4b5d6a7f8e9d0c1b2a3f4e5d6c7b8a9f",
        "saved as report_2024_11_30_final_v2.pdf",
        "see project2024buildnotes for the plan",
        "the tracking number is 1Z999AA10123456784",
        '"key_vault_name": "web21prqodx24021",',
        "def _api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a(self, method):",
        "the flag --enable-experimental-feature-2024 is on",
        "see xmlhttprequesthandler now",
        "ZhongHuaRenMinGongHeGuo wansui",
        "#tbtthrowbackthursdaymood",
        "HTTPSCONNECTIONPOOLMANAGER is used",
        "hmmmmmmmmmmmmmmmmmmmmmm and zzzzzzzzzzzzzzzzzzzzzzzz",
        "aaaaaaaaaaaaaaaaaaaaaaaaaargh",
        "see report.final.v2.pdf",
        "host cdn.example.com or d3k9x7q2m5.execute-api.us-east-1.amazonaws.com",
        '"packageManager": "pnpm@10.4.1+sha512.0a31fc7ee2cc"',
        "import com.google.common.collect.ImmutableList",
        "at org.apache.Foo.bar(Foo.java:12)",
        "doc.Security.KeySize = PdfEncryptionKeySize.Key128Bit;",
        "event-bus-message-api:rc0.15.0_20231217_1420-SNAPSHOT",
        "the ip is 192.168.1.1 and the file a.b.c.d",
    ],
)
def test_names_digests_and_ids_are_kept(text: str) -> None:
    assert notarize(text).text == text


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("sxk5k1nfra8jak0mjjc6afr6v", True),
        ("Q7ZP2K9XM4VB8WT3", True),
        ("release2024candidate", False),
        ("user42", False),
        ("web21prqodx24021", False),
        ("2w3933xk6uav9ff2", True),
        ("abcdefgh", False),
        ("aB3dE5fG7h", False),
    ],
)
def test_interleaved_means_one_case_with_digits_among_the_letters(
    token: str, expected: bool
) -> None:
    assert interleaved(token) is expected


@pytest.mark.parametrize("size", [16, 24, 32])
@pytest.mark.parametrize(
    "alphabet",
    [string.ascii_lowercase, string.ascii_uppercase],
    ids=["lower-case-letters", "upper-case-letters"],
)
def test_letters_of_one_case_a_generator_drew_are_masked(alphabet: str, size: int) -> None:
    """Letters alone, one case, no digit: never masked before (one class of characters); a
    draw has few of the letter pairs written words are made of (`randomness.unvoiced`)."""
    assert _masked_share(alphabet, size) >= 0.7


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("ztjwyuhvauvzhmaxkqbrtlp", True),
        ("ZTJWYUHVQBRTLPXKMNDSGF", True),
        ("ztj0wyuhvauvzhmaq", True),
        ("xmlhttprequesthandler", False),
        ("zhonghuarenmingongheguo", False),
        ("TheQuickBrownFoxJumps", False),
        ("shortzxqv", False),
    ],
)
def test_unvoiced_means_few_pairs_of_written_words(token: str, expected: bool) -> None:
    assert unvoiced(token) is expected


def _dotted_share(segments: int, size: int) -> float:
    rng = random.Random(f"dotted {segments} {size}")
    alphabet = string.ascii_letters + string.digits
    return _hidden(
        [
            ".".join("".join(rng.choice(alphabet) for _ in range(size)) for _ in range(segments))
            for _ in range(DRAWS)
        ]
    )


@pytest.mark.parametrize(("segments", "size"), [(5, 3), (6, 3), (8, 4), (5, 6)])
def test_short_segments_joined_by_dots_are_masked(segments: int, size: int) -> None:
    """Four or more random segments joined by dots (`sk.` and three-character segments): never
    masked before unless a segment was 16 characters long and the whole 40."""
    assert _dotted_share(segments, size) >= 0.85
