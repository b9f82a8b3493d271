"""The leak benchmark's data, derived from a snapshot of gitleaks (`python -m bench.data`).

Reads gitleaks' rule definitions (cmd/generate/config/rules/*.go) and takes
the literal true-positive (`tps`) and false-positive (`fps`) example strings of every rule, one
JSON object a line: {"rule", "label": "tp"|"fp", "text"}. Only literal strings are taken:
string literals (also joined by `+`) and `utils.GenerateSampleSecret("id", "literal")`, which
gitleaks expands to `id_api_token = "literal"`. Examples gitleaks generates at random from a
regular expression are not literal and are left out.

Each true positive also carries its `secret`: the part gitleaks' own rule (its secret group, in
`config/gitleaks.toml` of the same commit) points at, so no label is ours.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterator

from bench.notary.rules import GitleaksRule, rule_set

_START = re.compile(r"\b(tps|fps)\s*(?::=\s*\[\]string\{|=\s*append\(\s*(?:tps|fps)\s*,)")
_RULE_ID = re.compile(r'RuleID:\s*"([^"]+)"')
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`')
_SAMPLE = re.compile(r"^utils\.GenerateSampleSecret\(\s*(\S.*?)\s*,\s*(\S.*)\s*\)$", re.S)


def _region(text: str, start: int) -> str:
    """From `start` (just after an opening `{` or `(`) to its closing bracket."""
    depth, i = 1, start
    while i < len(text) and depth:
        match = _LITERAL.match(text, i)
        if match:
            i = match.end()
            continue
        depth += {"{": 1, "(": 1, "}": -1, ")": -1}.get(text[i], 0)
        i += 1
    return text[start : i - 1]


def _split(region: str) -> list[str]:
    parts, depth, i, begin = [], 0, 0, 0
    while i < len(region):
        match = _LITERAL.match(region, i)
        if match:
            i = match.end()
            continue
        char = region[i]
        depth += {"{": 1, "(": 1, "}": -1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(region[begin:i])
            begin = i + 1
        i += 1
    parts.append(region[begin:])
    return [p.strip() for p in parts if p.strip() and not p.strip().startswith("//")]


def _string(expr: str) -> str | None:
    """A literal or literals joined by `+`; None for anything else."""
    expr = re.sub(r"//[^\n]*", "", expr).strip()
    pieces = [p.strip() for p in re.split(r"\+(?=\s*[\"`])", expr)]
    out = []
    for piece in pieces:
        if not _LITERAL.fullmatch(piece):
            return None
        out.append(piece[1:-1] if piece[0] == "`" else ast.literal_eval(piece))
    return "".join(out)


def _value(expr: str) -> str | None:
    sample = _SAMPLE.match(expr)
    if sample:
        ident, secret = _string(sample[1]), _string(sample[2])
        return None if ident is None or secret is None else f'{ident}_api_token = "{secret}"'
    return _string(expr)


def cases(source: str) -> Iterator[dict[str, str]]:
    """The literal examples of one rule file's source."""
    bodies = re.split(r"\nfunc ", source)
    for body in bodies:
        rule = _RULE_ID.search(body)
        if rule is None:
            continue
        for start in _START.finditer(body):
            for expr in _split(_region(body, start.end())):
                value = _value(expr)
                if value and value.strip():
                    label = "tp" if start[1] == "tps" else "fp"
                    yield {"rule": rule[1], "label": label, "text": value}


RULES_DIR = "cmd/generate/config/rules/"
RULE_FILE = "config/gitleaks.toml"


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `leak` set: one JSON object a line, `{"rule",
    "label": "tp"|"fp", "text", "secret"}`, rules in file order, duplicates dropped."""
    del paths
    rules = {r.rule_id: r for r in rule_set(read(RULE_FILE).decode("utf-8")).rules}
    listing = read(RULES_DIR).decode("utf-8").splitlines()[2:]
    seen: set[tuple[str, str, str]] = set()
    lines: list[str] = []
    for name in sorted(n for n in listing if n.endswith(".go") and not n.endswith("_test.go")):
        for case in cases(read(RULES_DIR + name).decode("utf-8")):
            key = (case["rule"], case["label"], case["text"])
            if key in seen:
                continue
            seen.add(key)
            positive = case["label"] == "tp"
            secret = _secret(rules.get(case["rule"]), case["text"]) if positive else ""
            lines.append(json.dumps({**case, "secret": secret}, ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode("utf-8")


def derive_rules(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `gitleaks-rules` set: the rule file as it is."""
    del paths
    return read(RULE_FILE)


def _secret(rule: GitleaksRule | None, text: str) -> str:
    if rule is None:
        return ""
    match = rule.pattern.search(text)
    if match is None:
        return ""
    group = rule.group or next((i for i in range(1, (match.re.groups or 0) + 1) if match[i]), 0)
    secret = (match[group] or "").strip("\"'`")
    return _ARMOUR.sub("", secret).strip()  # the BEGIN/END lines of a key block are no secret


_ARMOUR = re.compile(r"-----(?:BEGIN|END)[^\n]*-----")
