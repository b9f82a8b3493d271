"""detect-secrets plugins and an unlabelled high-entropy check, as notary findings.

detect-secrets (1.5.0) is used through each plugin's `analyze_string`, the per-string API
under `analyze_line` that yields raw secret values: it never calls a plugin's `verify` (no
network) and never runs the keyword or entropy plugins, whose `scan_line` results flag ordinary
words. Only the precise, format-based plugins are loaded (see `PLUGINS`); they are instantiated
once, on first use. The Artifactory plugin is left out (its password pattern matches words such
as "APEXLEGENDS"), as are the private-key plugin (it yields the BEGIN marker, not the key: our
own PEM rule masks the body) and the public-IP plugin (not a credential).

Values a plugin yields are masked wherever they occur. Values shorter than 8 characters are
ignored: detect-secrets' GitHub and GitLab patterns yield only their prefix ("ghp", "glpat"),
and our own rules mask those tokens whole.

The high-entropy check catches keys of providers nobody listed: a standalone run of base64 or
URL-safe base64 characters that `notary.randomness.looks_random` accepts (32 or more; 16 or more
when it mixes both cases and digits or puts digits among letters of one case). Hex strings (git
SHAs, hashes), UUIDs, paths and URL path segments never qualify, nor do public identifiers
(`notary.public`: on-chain addresses and hashes, advisory ids, object ids such as `acct_...`,
resource names); `base64,` data URIs are skipped.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from extractors.notary.public import public_identifier
from extractors.notary.randomness import interleaved, looks_random, mixed_case, unvoiced
from extractors.notary.values import Finding, in_public_block, is_placeholder, slug

PLUGINS: tuple[tuple[str, str, tuple[str, ...], bool], ...] = (
    ("aws", "AWSKeyDetector", ("A3T", "ABIA", "ACCA", "AKIA", "ASIA", "aws", "AWS", "Aws"), False),
    ("azure_storage_key", "AzureStorageKeyDetector", ("AccountKey=",), False),
    ("basic_auth", "BasicAuthDetector", ("://",), False),
    ("cloudant", "CloudantDetector", ("cl",), True),
    ("discord", "DiscordBotTokenDetector", (".",), False),
    ("ibm_cloud_iam", "IbmCloudIamDetector", ("key", "pwd", "pass", "token"), True),
    ("ibm_cos_hmac", "IbmCosHmacDetector", ("secret",), True),
    ("jwt", "JwtTokenDetector", ("eyJ",), False),
    ("mailchimp", "MailchimpDetector", ("-us",), False),
    ("softlayer", "SoftlayerDetector", ("sl", "softlayer"), True),
    ("telegram_token", "TelegramBotTokenDetector", (":",), False),
)
"""(module under `detect_secrets.plugins`, class, needles, case-insensitive needles) of every
plugin the notary runs: those whose formats gitleaks' rule set does not cover as precisely
(GitHub, GitLab, npm, OpenAI, PyPI, SendGrid, Slack, Square, Stripe and Twilio are left to it).
A plugin only runs on text containing one of its needles (a substring
every match must contain): cheaper, and it keeps the plugins' super-linear patterns (OpenAI's,
npm's) away from text that cannot match them."""

WINDOW = 512
OVERLAP = 128
"""Plugins see long text in windows of `WINDOW` characters overlapping by `OVERLAP`, which
bounds the cost of their patterns on adversarial input; our own rules (which mask every format
that matters whole, in linear time) see the whole text."""

MIN_PLUGIN_VALUE = 8
_LABEL_PREFIX = re.compile(r"^AccountKey\s*=\s*")
"""Plugins whose value includes its label (Azure): the label is kept readable."""
_PLUGIN_RANK = 2
_ENTROPY_RANK = 6


@cache
def plugins() -> tuple[tuple[Any, tuple[str, ...], bool], ...]:
    """The detect-secrets plugin instances with their needles, created once per process."""
    loaded: list[tuple[Any, tuple[str, ...], bool]] = []
    for module_name, class_name, needles, ignore_case in PLUGINS:
        module = importlib.import_module(f"detect_secrets.plugins.{module_name}")
        loaded.append((getattr(module, class_name)(), needles, ignore_case))
    return tuple(loaded)


def _windows(text: str) -> list[str]:
    if len(text) <= WINDOW:
        return [text]
    step = WINDOW - OVERLAP
    return [text[i : i + WINDOW] for i in range(0, len(text) - OVERLAP, step)]


def _occurrences(text: str, value: str) -> Iterator[int]:
    start = text.find(value)
    while start >= 0:
        yield start
        start = text.find(value, start + 1)


def _values(plugin: Any, windows: list[str]) -> set[str]:
    values: set[str] = set()
    for window in windows:
        for raw in plugin.analyze_string(window):
            value = _LABEL_PREFIX.sub("", str(raw).strip())
            if len(value) >= MIN_PLUGIN_VALUE and not is_placeholder(value):
                values.add(value)
    return values


def plugin_findings(text: str) -> Iterator[Finding]:
    """Spans of every value a detect-secrets plugin reports in `text`."""
    lowered = text.lower()
    windows = _windows(text)
    for plugin, needles, ignore_case in plugins():
        haystack = lowered if ignore_case else text
        if not any(needle in haystack for needle in needles):
            continue
        label = f"{plugin.secret_type} (detect-secrets)"
        kind = slug(plugin.secret_type)
        for value in _values(plugin, windows):
            for start in _occurrences(text, value):
                yield Finding(start, start + len(value), label, _PLUGIN_RANK, kind, True)


_PUBLIC_BEFORE = re.compile(r"(?<![A-Za-z0-9])(?i:public|pub|csrf|xsrf)[_\-.]?\w*\W{0,6}$")
"""The token is the value of a public or anti-forgery key (`public_key = "..."`); the word
starts a name, it is not three letters inside another token (`...0PUB000...`)."""
_ID_BEFORE = re.compile(
    r"(?P<name>[A-Za-z][\w\-.]{0,60}?(?:[_\-.](?i:ids?|uuid|guid)|(?<=[a-z])(?:Ids?|ID)"
    r"|(?<=[A-Z])ID)|(?<![\w\-.])(?i:ids?|uuid|guid))[\"']?[ \t]*[:=][ \t]*[\"'\[]?[ \t]*$"
)
"""A name whose last word is an id (`target_id = "..."`, `webACLID: ...`, `instanceId:`,
`"uuid":`) right before the token."""
_ONE_CASE_ID = re.compile(r"[0-9a-z\-_]+|[0-9A-Z\-_]+")
"""An id's letters in one case (`i-a9b8c7d6e5f4g3h2j`, `vpc-0c7b9e2f`, `AB12CD34EF56GH78`); a
mixed-case draw after an id's name is masked still (`hive_id: F1j6zMpLL...`: a pair's id that
trufflehog labels a credential, as a provider issues it with its secret)."""
_CREDENTIAL_PART = re.compile(r"(?i:pass|pwd|secret|token|key|auth|cred|session|cookie)")


def _in_id_slot(text: str, start: int) -> bool:
    """The token is the value of a name whose last word is an id (`_ID_BEFORE`) and which holds
    no credential word: an id someone named as one (an instance, an ACL, a request), not an
    unknown provider's key (asked of one-case tokens only, `_ONE_CASE_ID`). A name holding a
    credential word is the grammar's to judge (Vault's `secret_id` is a secret; `session_id`
    too)."""
    line = text.rfind("\n", 0, start) + 1
    found = _ID_BEFORE.search(text, max(line, start - 80), start)
    return found is not None and _CREDENTIAL_PART.search(found.group("name")) is None


_CANDIDATE = re.compile(
    r"(?<![\w+/.\-])(?:[A-Za-z0-9]{1,12}[_\-])?[A-Za-z0-9+/]{16,}={0,2}(?![\w+/=\-]|\.\w)"
)
"""A run of 16+ base64 characters, with an optional short prefix (`fm2_`, `key-`)."""
_JOINED = re.compile(
    r"(?<![\w+/.\-])[_\-]*[A-Za-z0-9]+(?:[_\-]+[A-Za-z0-9]+)*[_\-]*(?![\w+/=\-]|\.\w)"
)
"""Segments of letters and digits joined by `-` or `_`, the URL-safe base64 alphabet many
providers issue (`sxk5k1nfra8jak0mjjc6afr6v-6gsf7dr9o1`), judged without the joiners; a name
made of words (`AWS_SECRET_ACCESS_KEY`, `my-package-v2`) or a UUID (hex) is not random. A
joiner is a character of the alphabet like any other: a draw may put two together or start or
end with one (`5wIScGebcy8F5n3_`), and the length that counts is the token's, joiners included
(a 16-character draw with one `_` is 15 without it)."""
_WORD_SEGMENT = re.compile(
    r"[A-Za-z]*[0-9]*|[0-9a-f]+|[0-9A-F]+"
    r"|(?=\w{2,8}$)(?:[A-Z]?[a-z]+|[A-Z]+)[0-9]{1,2}(?:[a-z]{1,3}|[A-Z]{1,3})[0-9]*"
)


def _joined(token: str) -> bool:
    """A token of `_JOINED` with a joiner in it that is not a name (`_named`)."""
    return not token.isalnum() and not _named(token)


def _named(token: str) -> bool:
    """Every segment is letters, then digits (`SN_id_Gost28147_89_None`, `NRG0-Hermes-API`),
    hex digits of one case (a UUID inside a name: `_api_org_96726c78_4ae3_402f_b08b_...`) or a
    short word with a number inside it, its letters in one case or capitalised (`neo4j`, `k8s`,
    `i18n`, `gpt4o`, `B2B`): a name made of words, numbers and ids (`load-neo4j-one-0`, a user
    id). A generator puts digits among letters of mixed case, in segments longer than eight,
    and draws letters past `f`. A name may also carry short generated or coded pieces that
    hold fewer than `MIN_DRAWN` characters together (a Kubernetes pod's suffix
    `api-7d9f8c6b5-x2k4q`, an advisory id `GHSA-jfh8-c2jp-5v3q`, a quarter `2024q3`): too few
    to be a key."""
    parts = re.split(r"[_\-]", token)
    return sum(len(part) for part in parts if not _WORD_SEGMENT.fullmatch(part)) < MIN_DRAWN


MIN_DRAWN = 8
"""The characters of a name's pieces that are neither words, numbers nor hex ids (`_named`)
below which the name is no key: 40 bits or less, guessed in seconds."""


MIN_RANDOM_RUN = 32
MIN_MIXED_RUN = 16
"""A run of `MIN_RANDOM_RUN` or more is key material when it looks random; a shorter one of
`MIN_MIXED_RUN` or more only when it also mixes upper case, lower case and digits
(`eZu6BQuoDbeUH3upVw9tF1u`), has digits among letters of one case (`randomness.interleaved`:
`2w3933xk6uav9ff2`) or draws letters from both cases alike (`randomness.mixed_case`:
`hRtXbQzLmWkePvNa`; CamelCase keeps its lower-case runs, which `looks_random` refuses) or has
few of the letter pairs of written words (`randomness.unvoiced`: `ztjwyuhvauvzhmaxk`): a word,
a number or a hex digest of that length does not."""
_DOTTED = re.compile(
    r"(?<![\w+/.\-@])[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-+/]+)+={0,2}(?![\w+/=\-@]|\.\w)"
)
"""Segments joined by dots, judged without the dots: prefixes and a long secret
(`SG.<id>.<secret>`, `hvs.<secret>`, `dp.pt.<secret>`: prefixes of `MIN_PREFIX` or more, a
last segment of `MIN_RANDOM_RUN // 2` or more, the whole `MIN_DOTTED` or more), or
`MIN_DOTTED_SEGMENTS` or more segments of any length (`sk.` and three-character segments),
unless they are a name with dots (`_dotted_name`)."""
MIN_DOTTED = 40
MIN_PREFIX = 2
MIN_DOTTED_SEGMENTS = 4
_NAME_SEGMENT = re.compile(r"(?>[A-Z]?[a-z]{2,}|[A-Z]{2,}(?![a-z])|[0-9]+)+")
"""A word, an acronym or a number, again and again (`KeySize`, `Key128Bit`); each piece is
atomic, so a segment that is no name fails in linear time (split freely, a run of 30
letters before a `/` took seconds)."""
_NAME_END = re.compile(r"[a-z]{1,6}[0-9]?")


def _dotted(token: str) -> bool:
    """A token of `_DOTTED` long enough to judge (see there) that is not a name with dots."""
    parts = token.split(".")
    prefixes = all(len(part) >= MIN_PREFIX for part in parts[:-1])
    long_tail = prefixes and len(parts[-1]) >= MIN_RANDOM_RUN // 2 and len(token) >= MIN_DOTTED
    return (long_tail or len(parts) >= MIN_DOTTED_SEGMENTS) and not _dotted_name(parts)


def _dotted_name(parts: list[str]) -> bool:
    """A version or an address (a segment of digits alone: `1.2.3`, `rc0.15.0_2023`,
    `192.168.1.1`), a code name whose segments are words and numbers
    (`doc.Security.KeySize`, `Key128Bit`), or a file or host name: most segments named and the
    last an extension or a top-level domain (`a9f3kq.report.pdf`, `cdn.example.com`)."""
    if any(part.isdigit() for part in parts):
        return True
    named = sum(_NAME_SEGMENT.fullmatch(part.strip("_-")) is not None for part in parts)
    return named == len(parts) or (
        _NAME_END.fullmatch(parts[-1]) is not None and 2 * named >= len(parts)
    )


def _three_classes(body: str) -> bool:
    return (
        any(c.isupper() for c in body)
        and any(c.islower() for c in body)
        and any(c.isdigit() for c in body)
    )


def entropy_findings(text: str) -> Iterator[Finding]:
    """Standalone random-looking tokens (unknown providers' keys), also made of segments joined
    by `-`/`_` (`_JOINED`) or dots (`_DOTTED`)."""
    yield from _random_tokens(text, _CANDIDATE.finditer(text), "")
    if "-" in text or "_" in text:
        joined = (m for m in _JOINED.finditer(text) if _joined(m.group()))
        yield from _random_tokens(text, joined, "-_")
    if "." in text:
        dotted = (m for m in _DOTTED.finditer(text) if _dotted(m.group()))
        yield from _random_tokens(text, dotted, ".")


def _random_tokens(text: str, matches: Iterator[re.Match[str]], joiners: str) -> Iterator[Finding]:
    """The matches that look random once their `joiners` are taken out."""
    for match in matches:
        start = match.start()
        if text[max(start - 7, 0) : start].lower() == "base64,":
            continue
        if _PUBLIC_BEFORE.search(text, max(start - 40, 0), start) or in_public_block(text, start):
            continue
        if _ONE_CASE_ID.fullmatch(match.group()) and _in_id_slot(text, start):
            continue
        if public_identifier(text, start, match.end()):
            continue
        body = match.group().translate({ord(c): None for c in joiners})
        size = match.end() - start
        if size < MIN_MIXED_RUN:
            continue
        if size < MIN_RANDOM_RUN and not (
            _three_classes(body) or interleaved(body) or mixed_case(body) or unvoiced(body)
        ):
            continue
        if looks_random(body):
            yield Finding(
                start, match.end(), "high-entropy token", _ENTROPY_RANK, "high_entropy_secret", True
            )
