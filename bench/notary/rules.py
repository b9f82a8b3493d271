"""gitleaks' rules as the leak benchmark's labeller: which part of each example is the secret.

The rule file is gitleaks' own `config/gitleaks.toml` (MIT), never committed here: it is the
`gitleaks-rules` data set of the benchmark (bench/data/gitleaks-rules.toml), made once with
`python -m bench.data` and read from the checked cache. Each rule has a regular
expression, the group that is the secret, keywords and allowlists; Go (RE2) expressions are
compiled for Python's `re` (`re.ASCII`, a mid-pattern `(?i)` scoped to its group, `\\z` as
`\\Z`).
"""

from __future__ import annotations

import re
import tomllib
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from extractors.notary.values import readable

SHORT_TEXT = 4096
"""Up to this length the keyword test goes through the text's trigrams, beyond it keyword by
keyword."""


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
def rule_set(source: str) -> RuleSet:
    """A gitleaks rule file's text, parsed and compiled once per process."""
    data = tomllib.loads(source)
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
