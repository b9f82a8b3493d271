"""A code a provider's name governs: `currencycloud: <hex>`, `onesignal=<uuid>`,
`METAAPI_ACCOUNT='<hex>'`.

An identifier (a hex run, a UUID, a code of letters and digits) is an id, a digest or a
reference unless something names it a credential: a credential word (`notary.grammar`), or the
name of the service that issued it. Nobody lists every service, so the rule is a grammar, not a
list: a service's name is a coined word, one that English does not have (`currencycloud`,
`onesignal`, `metaapi`, `sendgrid`), while the names people put before an id they mean as an id
are words of the language (`commit`, `build`, `order`, `request`, `trace`, `checksum`, `image`,
`tenant`) or the abbreviations of an id's kind (`sha256`, `uuid`, `sku`, `iban`).

The rule, one decision each:

* **value**: a UUID, a run of 16+ hex digits in one case, or a code of 12+ letters and digits
  holding both that is MIXED or RANDOM (`notary.shapes`); never a placeholder or filler (the
  precision layer decides those for every rule);
* **label**: the name right before the value, after an optional closing quote or bracket and an
  assignment's separator (`:`, `=`, `:=`, `=>`; also a flag's, `--acme=<hex>`), or spaces
  before a quoted value (`acme '<hex>'`): a name and an unquoted value with spaces alone
  between is prose, where people name the thing an id belongs to (`nginx <sha>`,
  `redis <hex>`, `pytorch <commit>`);
  its words are split at `_`, `-`, `.` and case humps (`METAAPI_ACCOUNT`, `oneSignal`);
* **the grammar's** when a word of the label is a credential word (`oktaKey`);
* **kept** when the label's last word names something about the value (an id, a version, a
  hash, a name: the grammar's decorations, `_ID_WORDS`), when any word is `public`/`pub`, or
  when every word is English (the English model's own word list, `english_words`) or an id
  kind's abbreviation;
* **masked** otherwise: a coined word of three or more letters governs the value.

English is the WordNet index that ships in the English model's package (about 83,000 lemmas,
read once per process without loading the pipeline) and spaCy's English function words. If it
cannot be read, no word is English and the rule masks more, never less.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from extractors.notary.english import english_words, is_english
from extractors.notary.grammar import WORDS
from extractors.notary.shapes import Shape, shape
from extractors.notary.values import Finding

RANK = 6
"""Below every rule that names what it found (a provider's format, a credential word)."""
MIN_CODE, MIN_HEX, MIN_COINED, LOOK_BACK = 12, 16, 3, 64

_VALUE = re.compile(
    rf"(?<![\w\-.@/+])[0-9A-Za-z][0-9A-Za-z\-]{{{MIN_CODE - 1},255}}(?![\w\-@/+]|\.\w)"
)
"""A candidate code: letters, digits and dashes, not part of a longer token, path or address."""
_UUID = re.compile(
    r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9A-F]{8}(?:-[0-9A-F]{4}){3}-[0-9A-F]{12}"
)
_HEX = re.compile(rf"[0-9a-f]{{{MIN_HEX},}}|[0-9A-F]{{{MIN_HEX},}}")
_LABEL = re.compile(
    r"(?:(?<![\w\-.@/])|(?<=--)(?<!\S--)|(?<=-)(?<!\S-))"
    r"(?P<label>[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+){0,3})[\"'\])]?"
    r"(?:[ \t]*(?::=|=>|[:=])[ \t]*[\"'(\[]?|[ \t]+(?P<quote>[\"'])?)$"
)
"""The name right before a value and its separator: an assignment's (`:`, `=`, `:=`, `=>`), or
spaces before a quoted value (`acme '<hex>'`); the name may not continue a longer token. A name
and an unquoted value with spaces alone between is prose (`nginx <sha>`, `redis <hex>`)."""
_SPLIT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_ID_WORDS = re.compile(
    r"ids?|uuid|guid|uid|oid|ulid|ksuid|sha|md5|crc|etag|hash|digest|checksum|sum|ref|rev|commit"
    r"|version|ver|build|tag|name|url|uri|path|file|sku|vin|iban|imei|isbn|ean|upc|pnr|txn|tx"
    r"|nonce|salt|fingerprint|integrity|signature|seed|number|num|no|code|serial|index|idx"
    r"|date|time|timestamp|ts|expires|expiry|created|updated"
    r"|public|pub|example|sample|test|dummy|fake|mock"
)
"""Words that name something about a value rather than a credential (the last word of the
label: `report_access_id`, `MantleAPI_version`, `sha256`, `X-Amz-Date`: a time is when, not
what) or say it is public or an example
(anywhere in the label)."""
_CREDENTIAL = re.compile(rf"(?i:{WORDS})")
"""A label holding a credential word is the grammar's to judge (`oktaKey = ...`: a bare `key` in
a code name needs a RANDOM value), not this rule's."""
_ANYWHERE = frozenset({"public", "pub", "example", "sample", "test", "dummy", "fake", "mock"})


def coded(value: str) -> bool:
    """A UUID, a one-case hex run of `MIN_HEX`+, or a code of letters and digits of `MIN_CODE`+
    that is MIXED or RANDOM."""
    if _UUID.fullmatch(value) or _HEX.fullmatch(value):
        return True
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return False
    return "-" not in value and shape(value) >= Shape.MIXED


def words_of(label: str) -> list[str]:
    """The label's words, lower case, digits dropped (`METAAPI_ACCOUNT` -> metaapi, account;
    `sha256` -> sha); an acronym ending in `ID` is its kind and an id (`webACLID` -> web,
    acl, id)."""
    words: list[str] = []
    for word in _SPLIT.findall(label):
        if word.isdigit():
            continue
        if len(word) > 2 and word.endswith("ID") and word.isupper():
            words += [word[:-2].lower(), "id"]  # `webACLID`: an ACL's id
        else:
            words.append(word.lower())
    return words


def governs(label: str) -> bool:
    """Whether the label is a provider's name: no id word last, nothing public or an example,
    a coined word in it."""
    words = words_of(label)
    if not words or _ID_WORDS.fullmatch(words[-1]) or _ANYWHERE.intersection(words):
        return False
    if any(_CREDENTIAL.fullmatch(word) for word in words):
        return False
    english = english_words()
    return any(coined(word, english) for word in words)


def coined(word: str, english: frozenset[str]) -> bool:
    """A word of `MIN_COINED`+ letters that is neither English (also inflected, `policies`:
    `english.is_english`, or with a suffix of an id word: `gitsha`) nor an id kind."""
    if len(word) < MIN_COINED or _ID_WORDS.fullmatch(word):
        return False
    if word in english or is_english(word):
        return False
    return not any(word.endswith(w) and word[: -len(w)] in english for w in ("id", "sha", "hash"))


def owner_findings(text: str) -> Iterator[Finding]:
    """Codes a coined name governs (see the module docstring)."""
    for match in _VALUE.finditer(text):
        value = match.group()
        if not coded(value):
            continue
        before = _LABEL.search(text, max(0, match.start() - LOOK_BACK), match.start())
        if before is None or not governs(before.group("label")):
            continue
        if not _assigned(text, before, match.end()):
            continue
        yield Finding(match.start(), match.end(), "code after a provider's name", RANK, "secret")


def _assigned(text: str, before: re.Match[str], end: int) -> bool:
    """The name is the key of an assignment (also a command-line flag's, `--acme=<hex>`) or
    stands before a quoted value that closes after the code; not a segment of a colon-joined
    name, glued to a colon on both sides (Pulumi's type `aws:apigatewayv2:Stage`, a URN's
    `urn:acme:x`: a type or a namespace, the grammar's `_colon_segment` for a name); not a name
    and a code side by side
    (`git show --stat <sha>`: a flag and a space take the next word as an argument or not, and
    the code is an id as often as not)."""
    separator = text[before.end("label") : before.end()]
    if separator == ":" and text.startswith(":", end):
        return False  # a segment of a colon-joined name: `aws:apigatewayv2:Stage`, a URN
    quote = before.group("quote")
    if quote:
        return text.startswith(quote, end)
    return any(c in separator for c in ":=")
