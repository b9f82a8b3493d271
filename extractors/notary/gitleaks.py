"""gitleaks' rule set, run by the notary: ~220 provider formats from one maintained file.

`gitleaks.toml` beside this module is gitleaks' own `config/gitleaks.toml` (MIT; source and
commit in its header), unmodified. Each rule there has a regular expression, the group that is
the secret, keywords (a rule only runs on text containing one of them, lower-cased), an optional
minimum Shannon entropy of the secret and allowlists. This module reads the file once and applies
it the way gitleaks does:

* the secret is the rule's `secretGroup`, else the first non-empty group, else the whole match;
* the secret must reach the rule's `entropy`;
* it is dropped if a global or rule allowlist matches (regexes on the secret, the match or the
  line, per `regexTarget`; stopwords contained in the secret). Allowlists that also require a
  file path never apply (a message has no path), nor do path-only rules.

Differences from gitleaks, all about running Go (RE2) expressions in Python's `re`: patterns are
compiled with `re.ASCII` (RE2's `\\b`, `\\w`, `\\s` are ASCII, which matters next to Chinese
text), a `(?i)` in the middle of a pattern becomes a scoped `(?i:...)` up to the end of its
group, and `\\z` becomes `\\Z`. Rules that still do not compile are reported by `skipped()`
(a test keeps that list empty). Long text is scanned in overlapping windows, which bounds the
cost of expressions written for a linear-time engine.
"""

from __future__ import annotations

import re
import tomllib
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from extractors.notary.randomness import entropy
from extractors.notary.values import Finding, readable

RULE_FILE = "gitleaks.toml"
WINDOW = 4096
OVERLAP = 1024
SHORT_TEXT = 4096
"""Up to this length the keyword test goes through the text's trigrams, beyond it keyword by
keyword."""
RANK = 1
GENERIC_RANK = 5
GENERIC = ("generic-", "curl-", "hashicorp-tf-password", "kubernetes-secret", "nuget-config")
"""Rules about a context rather than a provider's format: where our own labelled rules find the
same value, theirs name it ("password", not "HashiCorp tf password")."""
_QUOTES = "\"'`"
_ARMOUR = re.compile(r"-----BEGIN[ A-Z0-9_-]{0,100}-----\s*")


@dataclass(frozen=True)
class Allowlist:
    """One allowlist of a rule (or the global one): any of its entries clears a finding."""

    regexes: tuple[re.Pattern[str], ...]
    stopwords: tuple[str, ...]
    target: str = "secret"

    def clears(self, secret: str, match: str, line: str) -> bool:
        subject = {"match": match, "line": line}.get(self.target, secret)
        if any(p.search(subject) for p in self.regexes):
            return True
        lowered = secret.lower()
        return any(word in lowered for word in self.stopwords)


@dataclass(frozen=True)
class GitleaksRule:
    """One compiled gitleaks rule."""

    rule_id: str
    pattern: re.Pattern[str]
    keywords: tuple[str, ...]
    entropy: float
    group: int
    allowlists: tuple[Allowlist, ...]

    @property
    def slug(self) -> str:
        """The placeholder type: `github-pat` -> `github_pat`."""
        return self.rule_id.replace("-", "_")

    @property
    def label(self) -> str:
        """A readable name: `openai-api-key` -> "OpenAI API key"."""
        name = readable(self.rule_id)
        return name[:1].upper() + name[1:]


def python_regex(go: str) -> str:
    """A Go (RE2) expression as Python `re` understands it (see the module docstring)."""
    text = go.replace(r"\z", r"\Z")
    start = text.find("(?i)", 1)
    while start > 0:
        end = _group_end(text, start + 4)
        text = f"{text[:start]}(?i:{text[start + 4 : end]}){text[end:]}"
        start = text.find("(?i)", start + 4)
    return text


def _group_end(text: str, index: int) -> int:
    """Index of the `)` closing the group that contains `index` (or the end of `text`)."""
    depth, in_class = 0, False
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if text.startswith("]", index + 1) or text.startswith("^]", index + 1):
                index += 1 + text.startswith("^]", index + 1)
        elif char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                return index
            depth -= 1
        index += 1
    return len(text)


def _compile(pattern: str) -> re.Pattern[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return re.compile(python_regex(pattern), re.ASCII)


def _allowlist(raw: dict[str, Any]) -> Allowlist | None:
    if raw.get("paths") and raw.get("condition", "OR").upper() == "AND":
        return None
    regexes = tuple(_compile(p) for p in raw.get("regexes", ()))
    stopwords = tuple(str(w).lower() for w in raw.get("stopwords", ()))
    if not regexes and not stopwords:
        return None
    return Allowlist(regexes, stopwords, str(raw.get("regexTarget", "secret")))


def _rule(raw: dict[str, Any]) -> GitleaksRule:
    lists = (_allowlist(a) for a in raw.get("allowlists", ()))
    return GitleaksRule(
        rule_id=str(raw["id"]),
        pattern=_compile(str(raw["regex"])),
        keywords=tuple(str(k).lower() for k in raw.get("keywords", ())),
        entropy=float(raw.get("entropy", 0.0)),
        group=int(raw.get("secretGroup", 0)),
        allowlists=tuple(a for a in lists if a is not None),
    )


@dataclass(frozen=True)
class RuleSet:
    """The loaded file: its rules, the global allowlist and the rules that failed to load."""

    rules: tuple[GitleaksRule, ...]
    allowlist: Allowlist
    skipped: tuple[str, ...]
    by_keyword: dict[str, tuple[int, ...]]
    """Keyword -> indexes of the rules it enables (one `in` test per distinct keyword)."""
    always: tuple[int, ...]
    """Rules without keywords, which run on every text."""

    by_prefix: dict[str, tuple[str, ...]]
    """The first three characters of every keyword -> those keywords ("" for shorter ones)."""
    published: frozenset[str]
    """Values a rule's allowlist names verbatim (public keys printed in documentation)."""

    def active(self, text: str) -> list[GitleaksRule]:
        """The rules whose keywords occur in `text`, in file order."""
        lowered = text.lower()
        found = set(self.always)
        for keyword in self._present(lowered):
            found.update(self.by_keyword[keyword])
        return [self.rules[i] for i in sorted(found)]

    def _present(self, lowered: str) -> Iterator[str]:
        if len(lowered) > SHORT_TEXT:
            yield from (k for k in self.by_keyword if k in lowered)
            return
        yield from (k for k in self.by_prefix.get("", ()) if k in lowered)
        grams = {lowered[i : i + 3] for i in range(len(lowered) - 2)}
        for gram in grams.intersection(self.by_prefix):
            yield from (k for k in self.by_prefix[gram] if k in lowered)


@cache
def rule_set() -> RuleSet:
    """gitleaks.toml, parsed and compiled once per process."""
    data = tomllib.loads(resources.files("extractors.notary").joinpath(RULE_FILE).read_text())
    rules: list[GitleaksRule] = []
    skipped: list[str] = []
    for raw in data.get("rules", ()):
        if "regex" not in raw:
            continue  # a rule about file names only
        try:
            rules.append(_rule(raw))
        except re.error:
            skipped.append(str(raw["id"]))
    glob = _allowlist(data.get("allowlist", {})) or Allowlist((), ())
    by_keyword: dict[str, list[int]] = {}
    for index, rule in enumerate(rules):
        for keyword in rule.keywords:
            by_keyword.setdefault(keyword, []).append(index)
    always = tuple(i for i, r in enumerate(rules) if not r.keywords)
    keyed = {k: tuple(v) for k, v in by_keyword.items()}
    prefixes: dict[str, list[str]] = {}
    for keyword in keyed:
        prefixes.setdefault(keyword[:3] if len(keyword) >= 3 else "", []).append(keyword)
    by_prefix = {k: tuple(v) for k, v in prefixes.items()}
    published = frozenset(_literals(data.get("rules", ())))
    return RuleSet(tuple(rules), glob, tuple(skipped), keyed, always, by_prefix, published)


_LITERAL = re.compile(r"[A-Za-z0-9_\-]{16,}")


def _literals(raw_rules: Any) -> Iterator[str]:
    """Allowlist regexes that are plain values (no pattern syntax), at least 16 characters."""
    for raw in raw_rules:
        for allow in raw.get("allowlists", ()):
            if allow.get("regexTarget", "secret") == "secret":
                yield from (r for r in allow.get("regexes", ()) if _LITERAL.fullmatch(r))


def published(value: str) -> bool:
    """Whether gitleaks' allowlists name `value` verbatim: a key printed in public
    documentation (`AIzaSy...` of Google's samples), which masking would not protect."""
    return value in rule_set().published


def _secret(rule: GitleaksRule, match: re.Match[str]) -> tuple[int, int]:
    if rule.group and rule.group <= (match.re.groups or 0):
        return match.span(rule.group)
    for index in range(1, (match.re.groups or 0) + 1):
        if match.group(index):
            return match.span(index)
    return match.span()


def _line(text: str, start: int, end: int) -> str:
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    return text[first : last if last >= 0 else len(text)]


def _windows(text: str) -> Iterator[tuple[int, str]]:
    if len(text) <= WINDOW:
        yield 0, text
        return
    for offset in range(0, len(text) - OVERLAP, WINDOW - OVERLAP):
        yield offset, text[offset : offset + WINDOW]


def _cleared(
    rules: RuleSet, rule: GitleaksRule, text: str, span: tuple[int, int], whole: str
) -> bool:
    secret = text[span[0] : span[1]]
    if rule.entropy and entropy(secret) < rule.entropy:
        return True
    line = _line(text, *span)
    return any(a.clears(secret, whole, line) for a in (rules.allowlist, *rule.allowlists))


def gitleaks_findings(text: str) -> Iterator[Finding]:
    """Every secret a gitleaks rule finds in `text`, typed by the rule's slug."""
    rules = rule_set()
    for rule in rules.active(text):
        for offset, window in _windows(text):
            for match in rule.pattern.finditer(window):
                span = _secret(rule, match)
                if span[1] <= span[0] or _cleared(rules, rule, window, span, match.group()):
                    continue
                start, end = _unquoted(window, *span)
                rank = GENERIC_RANK if rule.rule_id.startswith(GENERIC) else RANK
                label = f"{rule.label} (gitleaks)"
                yield Finding(start + offset, end + offset, label, rank, rule.slug)


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
