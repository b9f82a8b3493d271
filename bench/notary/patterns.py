"""secrets-patterns-db's credential formats as labelled strings written for the benchmark.

secrets-patterns-db (db/rules-stable.yml) has patterns, not examples. For every pattern its
authors rate `high` confidence, one value is drawn from the pattern's secret part (its first
capture group, else the whole pattern) with a random generator seeded by the pattern's name,
and checked to match that part. The value is put in one carrier sentence, chosen by the name's
hash from `CARRIERS`: the ways a person pastes a key into a chat. The carriers were written once,
before any measurement, and are not tuned: a format whose value no carrier makes readable as a
secret is a miss of the notary, not of the data.

A bare carrier (the value alone, with no word around it) is only used for a pattern whose secret
starts with a literal prefix of at least three characters (`AKIA`, `gho_`, `dp.pt.`): the format
itself says what it is. Left out: patterns with no repetition (a keyword such as
`BEGIN PRIVATE KEY`), values shorter than 8 characters, and values that are an e-mail
address, a host name or a URL (`[\\w.-]+@...`, `....amazonaws.com`): those patterns find where
a secret may be, not a secret.

Generation: `.`, `\\S` and negated classes draw letters and digits; an open repetition
(`{8,}`, `+`, `*`) draws at most 16 more than its minimum.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import string
from collections.abc import Callable
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

RULES = "db/rules-stable.yml"
_ITEM = re.compile(r"name: (?P<name>.*)\n\s+regex: (?P<regex>.*)\n\s+confidence: (?P<conf>\w+)")
_ALNUM = string.ascii_letters + string.digits
_OPEN = 16
MIN_VALUE = 8
CARRIERS = (
    "{Name} API key: {value}",
    "here's the {name} token {value}",
    "export {NAME}_API_KEY={value}",
    '{{"{name}_secret": "{value}"}}',
    "my {name} password is {value}",
    "{name}.apiKey = '{value}'",
    "{Name}的密钥是{value}",
    "--{name}-token {value}",
)
BARE = "{value}"
_NOT_A_SECRET = re.compile(r"@|https?:|\.(?:com|net|org|io|internal)\b|\s")


def _draw(rng: random.Random, items: Any) -> str:
    return "".join(_node(rng, op, arg) for op, arg in items)


def _node(rng: random.Random, op: Any, arg: Any) -> str:
    if op is sre.LITERAL:
        return chr(arg)
    if op in (sre.ANY, sre.NOT_LITERAL):
        return rng.choice([c for c in _ALNUM if op is sre.ANY or c != chr(arg)])
    if op is sre.IN:
        return rng.choice(_members(arg))
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, body = arg
        high = low + _OPEN if high is sre.MAXREPEAT or high > low + _OPEN else high
        return "".join(_draw(rng, body) for _ in range(rng.randint(low, high)))
    if op is sre.SUBPATTERN:
        return _draw(rng, arg[-1])
    if op is sre.BRANCH:
        return _draw(rng, rng.choice(arg[1]))
    if op is sre.CATEGORY:
        return rng.choice(_category(arg))
    return ""  # anchors and look-arounds draw nothing


def _members(items: Any) -> list[str]:
    chosen: set[str] = set()
    negate = False
    for op, arg in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            chosen.add(chr(arg))
        elif op is sre.RANGE:
            chosen.update(chr(c) for c in range(arg[0], arg[1] + 1) if c < 128)
        elif op is sre.CATEGORY:
            chosen.update(_category(arg))
    if negate:
        return [c for c in _ALNUM if c not in chosen] or list(_ALNUM)
    return sorted(c for c in chosen if c.isprintable()) or list(_ALNUM)


def _category(arg: Any) -> list[str]:
    name = str(arg)
    if "DIGIT" in name and "NOT" not in name:
        return list(string.digits)
    if "WORD" in name and "NOT" not in name:
        return list(_ALNUM + "_")
    return list(_ALNUM)  # \S, \D, \W: letters and digits


def _secret_part(regex: str) -> Any:
    """The parsed pattern of the secret: the first capture group, else the whole pattern."""
    parsed = sre_parse.parse(regex)
    for op, arg in parsed:
        if op is sre.SUBPATTERN and arg[0] is not None:
            return arg[-1]
    return parsed


def _literal_prefix(parsed: Any) -> str:
    prefix = []
    for op, arg in parsed:
        if op is not sre.LITERAL:
            break
        prefix.append(chr(arg))
    return "".join(prefix)


def _repeats(parsed: Any) -> bool:
    return any(op in (sre.MAX_REPEAT, sre.MIN_REPEAT) for op, _ in parsed) or any(
        op is sre.SUBPATTERN and _repeats(arg[-1]) for op, arg in parsed
    )


def case_of(name: str, regex: str) -> dict[str, str] | None:
    """The labelled string for one pattern, or None when it is left out."""
    try:
        part = _secret_part(regex)
    except (re.error, TypeError, ValueError, OverflowError):
        return None
    if not _repeats(part):
        return None
    seed = int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big")
    rng = random.Random(seed)
    value = _draw(rng, part)
    if len(value) < MIN_VALUE or _NOT_A_SECRET.search(value):
        return None
    prefixed = len(_literal_prefix(part)) >= 3
    carriers = (*CARRIERS, BARE) if prefixed else CARRIERS
    carrier = carriers[seed % len(carriers)]
    word = re.sub(r"[^a-z0-9]+", "", name.split(" - ", maxsplit=1)[0].lower()) or "service"
    text = carrier.format(name=word, Name=word.capitalize(), NAME=word.upper(), value=value)
    family = "prefixed format" if prefixed else "keyword and shape"
    return {"rule": name, "label": "tp", "text": text, "secret": value, "family": family}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `secrets-patterns` set: one JSON object a line,
    `{"rule", "label": "tp", "text", "secret", "family"}`, patterns in file order."""
    del paths
    source = read(RULES).decode("utf-8")
    lines = []
    for item in _ITEM.finditer(source):
        if item["conf"] != "high":
            continue
        regex = _unquoted(item["regex"].strip())
        case = case_of(item["name"].strip(), regex)
        if case is not None and re.search(regex, case["text"], re.IGNORECASE) is not None:
            lines.append(json.dumps(case, ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode("utf-8")


def _unquoted(value: str) -> str:
    """A YAML scalar as written: plain, or double-quoted with escapes, or single-quoted."""
    if value.startswith('"') and value.endswith('"'):
        return str(json.loads(value))
    if value.startswith("'") and value.endswith("'"):
        return value[1:-1].replace("''", "'")
    return value
