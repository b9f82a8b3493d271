"""Whether a string looks like key material: the notary's entropy rule.

A token is random-looking when its characters are spread (Shannon entropy of at least
`MIN_ENTROPY` bits per character, less for a token shorter than 22: `entropy_floor`), it
mixes at least two character classes (upper case, lower case, digits, `+`/`/`) or its letters
are not written ones (`unvoiced`: few of the letter pairs of written words), it is not hex
alone (hashes and git SHAs are hex, printed in one case; mixed-case hex is a token's
alphabet), few of its characters sit in lower-case runs of three or more letters (which keeps
CamelCase identifiers such as `AbstractSingletonProxyFactoryBean2024` out) unless its digits
sit among letters of one case (`interleaved`: a generator over `[a-z0-9]` makes runs of
letters too) or its letters are drawn (`unvoiced`), it is not mostly a run in code order (an
alphabet, `ABCDEFGHIJ...0123456789`, `aAbBcC...`), it is not a name written in humps of
words and acronyms (`camel_name`: `VPCFlowLogsBucketKMSKey`) and it is not base64 of plain words
(`encoded_text`). No class needs a minimum count: AWS's documented example secret key has a
single digit and is still key material.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import math
import re
import string
from collections import Counter

from extractors.notary.english import is_english

MIN_ENTROPY = 3.6
MAX_LOWER_RUNS = 0.45
MAX_SEQUENTIAL = 0.5
_LOWER_RUN = re.compile(r"[a-z]{3,}")
_HEX = frozenset(string.hexdigits)


def entropy(value: str) -> float:
    """Shannon entropy in bits per character (0 for the empty string)."""
    size = len(value)
    if not size:
        return 0.0
    return -sum(n / size * math.log2(n / size) for n in Counter(value).values())


def _classes(body: str) -> int:
    return (
        any(c.isupper() for c in body)
        + any(c.islower() for c in body)
        + any(c.isdigit() for c in body)
        + any(c in "+/" for c in body)
    )


def looks_random(token: str) -> bool:
    """Whether a long token looks like key material rather than a word, path or hash."""
    body = token.rstrip("=")
    if not body or (set(body) <= _HEX and not mixed_case(body)):
        return False
    drawn = unvoiced(body)
    if (_classes(body) < 2 and not drawn) or encoded_text(token):
        return False
    runs = sum(len(run) for run in _LOWER_RUN.findall(body))
    wordy = runs / len(body) >= MAX_LOWER_RUNS and not (interleaved(body) or drawn)
    if wordy or _sequential(body) >= MAX_SEQUENTIAL or camel_name(body):
        return False
    if named_time(body) or glued_words(body):
        return False
    return entropy(body) >= entropy_floor(len(body))


MIN_GLUED_PART = 3
MAX_GLUED_PART = 20
MAX_GLUED = 64
"""Names are short: a longer run of letters is not read as glued words (the split reads each
position against the `MAX_GLUED_PART` before it, so the cap keeps a long run linear)."""


def glued_words(body: str) -> bool:
    """Lower-case letters that split whole into English words of `MIN_GLUED_PART` letters or
    more (also inflected, `english.is_english`): words run together, as people name a bucket or
    a host (`docexamplebucket`, `mycompanylogsbucket`), not a draw. No draw of 16 or 20
    lower-case letters of 20,000 splits so (tests/unit/test_notary_ids_and_names.py)."""
    if len(body) > MAX_GLUED or not (body.isascii() and body.isalpha() and body.islower()):
        return False
    size = len(body)
    split = [True] + [False] * size
    for end in range(MIN_GLUED_PART, size + 1):
        split[end] = any(
            split[start] and is_english(body[start:end])
            for start in range(max(0, end - MAX_GLUED_PART), end - MIN_GLUED_PART + 1)
        )
    return split[size]


_WORD_AND_NUMBER = re.compile(
    r"(?P<w>[A-Z]?[a-z]{1,11}|[A-Z]{1,5}|(?:[A-Z][a-z]{2,}|[A-Z]{2,5}(?![a-z]))+)(?P<n>[0-9]{8,14})"
)
"""A word or a short abbreviation, then a time (`Stmt1621427439000`, the id an IAM policy
generator gives a statement: `Stmt` and the time in milliseconds; `build20240501123456`), or a
name in humps, then a time (`AWSConfigSNSPolicy20180202`, a statement id written by hand)."""
_PASCAL_HUMP = re.compile(r"[A-Z][a-z]{2,}|[A-Z]{2,5}(?![a-z])")
MAX_ABBREVIATION = 4
_EPOCH = range(1_000_000_000, 2_100_000_000)
_DATE = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\d{4}|\d{6})?")


def named_time(body: str) -> bool:
    """A name and a time, not a draw: an English word, an abbreviation of
    `MAX_ABBREVIATION` letters or fewer or a name in humps (`_humped_name`), then a number
    that is a time, seconds or milliseconds since 1970 between 2001 and 2036 or a date
    (`yyyymmdd`, with the hour). Drawn letters
    before drawn digits are a draw still (`qhzkwmte841602953317`)."""
    found = _WORD_AND_NUMBER.fullmatch(body)
    if found is None:
        return False
    word, number = found.group("w"), found.group("n")
    if len(word) > MAX_ABBREVIATION and not (is_english(word.lower()) or _humped_name(word)):
        return False
    if len(number) in (10, 13):
        return int(number[:10]) in _EPOCH
    return _DATE.fullmatch(number) is not None


def _humped_name(word: str) -> bool:
    """A name in humps, each a capital and two or more lower-case letters or an acronym of
    capitals, one of them an English word of `MIN_LONG_WORD`+ letters (`AWSConfigSNSPolicy`): a
    drawn run of letters seldom falls into such humps and never into a word."""
    humps = _PASCAL_HUMP.findall(word)
    if len(humps) < 2 or "".join(humps) != word:
        return False
    return any(len(h) >= MIN_LONG_WORD and is_english(h.lower()) for h in humps)


_HUMP = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
MIN_SPOKEN_SHARE = 0.5
MIN_LONG_WORD = 5


def camel_name(body: str) -> bool:
    """A name written in humps of words, acronyms and numbers, as templates name their
    resources (CloudFormation's `VPCFlowLogsBucketKMSKey`, `ALB500sAlarmScaleUp`,
    `GetDownloadUrlForLayer`): split at every capital that starts a word, every acronym and
    every number, at least two humps of 3+ letters are English words (also inflected:
    `english.is_english`), one of them 5+ letters, and they hold at least
    `MIN_SPOKEN_SHARE` of the letters. A draw over letters and digits is so split into humps
    of one or two letters, which are seldom words: 1 in 20,000 draws of 16 letters of both
    cases passes, none of 20 or more (tests/unit/test_notary_entropy.py)."""
    if not (body.isascii() and body.isalnum() and body[0].isalpha()):
        return False
    humps = _HUMP.findall(body)
    spoken = [h for h in humps if len(h) >= 3 and not h.isupper() and is_english(h.lower())]
    if len(spoken) < 2 or max(map(len, spoken)) < MIN_LONG_WORD:
        return False
    letters = sum(c.isalpha() for c in body)
    return sum(map(len, spoken)) >= MIN_SPOKEN_SHARE * letters


LENGTH_MARGIN = 0.8


def entropy_floor(size: int) -> float:
    """The entropy a random token of `size` characters must reach: `MIN_ENTROPY`, or less for a
    short token, whose characters cannot all differ much. A token of n characters has at most
    log2(n) bits per character, and a draw from `[a-z0-9]` falls more than `LENGTH_MARGIN` under
    that less than 5% of the time (measured over 4,000 draws: the 5th percentile is 3.33 bits
    at 16 characters, 3.55 at 20), where the fixed floor of 3.6 missed 42% of 16-character
    draws and 9% of 20-character ones. From 22 characters on the floor is `MIN_ENTROPY`."""
    return min(MIN_ENTROPY, math.log2(max(size, 1)) - LENGTH_MARGIN)


MIN_SWITCHES = 0.2
MIN_SWITCH_RATIO = 0.6


def interleaved(body: str) -> bool:
    """Letters of one case and digits drawn together (`sxk5k1nfra8jak0mjjc6afr6v`): the digits
    sit among the letters. The token switches between a letter and a digit at least
    `MIN_SWITCHES` of the time (about 0.4 for a generator over `[a-z0-9]`; 0.3 missed one
    16-character draw in four) and at least `MIN_SWITCH_RATIO` of what a draw with its share
    of digits would (2p(1-p) per neighbour pair, p the share of digits). An identifier keeps
    its digits together (`release2024candidate`, `user42`, `web21prqodx24021`) and switches
    a few times."""
    if not (body.isascii() and body.isalnum()) or (body.lower() != body and body.upper() != body):
        return False
    size = len(body)
    share = sum(c.isdigit() for c in body) / size
    switches = sum(a.isdigit() != b.isdigit() for a, b in itertools.pairwise(body))
    drawn = 2 * share * (1 - share) * (size - 1)
    return (
        0 < share < 1
        and switches >= MIN_SWITCHES * (size - 1)
        and switches >= MIN_SWITCH_RATIO * drawn
    )


MIN_UNVOICED_LETTERS = 16
MAX_WORDLIKE_PAIRS = 0.15
COMMON_PAIRS = frozenset(
    {
        "th",
        "he",
        "in",
        "er",
        "an",
        "re",
        "on",
        "at",
        "en",
        "nd",
        "ti",
        "es",
        "or",
        "te",
        "of",
        "ed",
        "is",
        "it",
        "al",
        "ar",
        "st",
        "to",
        "nt",
        "ng",
        "se",
        "ha",
        "as",
        "ou",
        "io",
        "le",
        "ve",
        "co",
        "me",
        "de",
        "hi",
        "ri",
        "ro",
        "ic",
        "ne",
        "ea",
        "ra",
        "ce",
        "li",
        "ch",
        "ll",
        "be",
        "ma",
        "si",
        "om",
        "ur",
    }
)
"""The 50 most frequent letter pairs of English text, which also carry pinyin and most code
names: about two fifths of a written word's neighbouring letters, 50/676 = 7% of a draw's."""


def unvoiced(body: str) -> bool:
    """Letters drawn by a generator rather than written (`ztjwyuhvauvzhmaxk`,
    `ZTJWYUHVQBRTLPXK`, `hRtXbQzLmWkePvNa`): at least `MIN_UNVOICED_LETTERS` letters, at most
    `MAX_WORDLIKE_PAIRS` of their neighbouring pairs among `COMMON_PAIRS`. Words and names
    made of words, in English or in pinyin, have far more (`xmlhttprequesthandler` 0.45,
    `zhonghuarenmingongheguo` 0.36, `TheQuickBrownFox`); a draw over 26 letters about 0.07,
    under 0.15 for 88% of 16-letter draws and 97% of 48-letter ones. Digits may sit anywhere
    among the letters (`[a-z0-9]` draws with one or two digits); a pair is two letters side
    by side."""
    if not (body.isascii() and body.isalnum()):
        return False
    lowered = body.lower()
    pairs = [a + b for a, b in itertools.pairwise(lowered) if a.isalpha() and b.isalpha()]
    letters = sum(c.isalpha() for c in lowered)
    common = sum(pair in COMMON_PAIRS for pair in pairs)
    return letters >= MIN_UNVOICED_LETTERS and common <= MAX_WORDLIKE_PAIRS * len(pairs)


MIN_CASE_SHARE = 0.25


def mixed_case(body: str) -> bool:
    """Letters drawn from both cases, the rarer one at least `MIN_CASE_SHARE` of them: no tool
    prints a digest that way, so mixed-case hex (`6d2FabeB6ADd...`) is a token's alphabet, not
    a hash. One odd capital in a digest (`eaaaC0b75a...`) is a typo or a sentence start; a
    generator over `[0-9a-fA-F]` gives about half of each case."""
    upper = sum(c.isupper() for c in body)
    lower = sum(c.islower() for c in body)
    return min(upper, lower) >= MIN_CASE_SHARE * (upper + lower) > 0


def _sequential(body: str) -> float:
    """The share of neighbours that follow each other in code order, case-blind, or repeat a
    letter in the other case (`ABCDEF...0123`, `aAbBcC...`): an alphabet typed to look like a
    key, not a key."""
    lowered = body.lower()
    steps = sum(
        ord(b) - ord(a) == 1 or (a == b and x != y)
        for (a, b), (x, y) in zip(
            itertools.pairwise(lowered), itertools.pairwise(body), strict=True
        )
    )
    return steps / max(len(body) - 1, 1)


MIN_ENCODED_TEXT = 12
_BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
_TEXT = re.compile(r"[A-Za-z ]+")


def encoded_text(token: str) -> bool:
    """Base64 of words (`ZHVtbXkgdGV4dA==` is "dummy text"): at least `MIN_ENCODED_TEXT`
    letters and spaces and nothing else once decoded. Key material decodes to random bytes; a
    `user:password` pair has its colon, so it stays a secret."""
    if not _BASE64.fullmatch(token):
        return False
    try:
        decoded = base64.b64decode(token + "=" * (-len(token) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    text = decoded.decode("ascii", errors="replace")
    return len(text) >= MIN_ENCODED_TEXT and _TEXT.fullmatch(text) is not None
