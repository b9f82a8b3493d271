"""How bench/data/leak/gitleaks_cases.jsonl was made (run once; kept to document the slice).

Reads gitleaks' rule definitions (cmd/generate/config/rules/*.go) from a checkout and writes
the literal true-positive (`tps`) and false-positive (`fps`) example strings of every rule, one
JSON object a line: {"rule", "label": "tp"|"fp", "text"}. Only literal strings are taken:
string literals (also joined by `+`) and `utils.GenerateSampleSecret("id", "literal")`, which
gitleaks expands to `id_api_token = "literal"`. Examples gitleaks generates at random from a
regular expression are not literal and are left out.

Usage: python bench/data/leak/extract_gitleaks.py <gitleaks checkout> > gitleaks_cases.jsonl
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

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


def cases(path: Path) -> Iterator[dict[str, str]]:
    source = path.read_text(encoding="utf-8")
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


def main() -> None:
    root = Path(sys.argv[1]) / "cmd" / "generate" / "config" / "rules"
    seen: set[tuple[str, str, str]] = set()
    for path in sorted(root.glob("*.go")):
        if path.name.endswith("_test.go"):
            continue
        for case in cases(path):
            key = (case["rule"], case["label"], case["text"])
            if key not in seen:
                seen.add(key)
                print(json.dumps(case, ensure_ascii=False))


if __name__ == "__main__":
    main()
