"""trufflehog's detector pattern tests as labelled strings for the notary benchmark.

Each detector of trufflehog (pkg/detectors/<name>/<name>_test.go, the `_Pattern` tests, not the
integration tests) lists cases `{name, input, want}`: the text a detector reads and the secrets
it must report. Here every case with a non-empty `want` becomes positives: the input, once per
wanted secret that occurs in it verbatim (a want that trufflehog builds by joining parts, such
as `id:secret`, is not a span of the input and is left out, counted). A case with an empty
`want` is *not* taken as a negative: in these tests it is a real-looking key in the wrong
format for that one provider, or too far from its keyword ("invalid pattern", "out of prefix
range"), which a notary should still mask.

The inputs are Go expressions; a small evaluator reads the subset the tests use: string
literals (also raw and joined by `+`), constants and variables assigned once
(`validPattern = "..."`), and `fmt.Sprintf` with `%s`/`%v`/`%d`/`%q`. A case it cannot
evaluate is left out.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterable, Iterator

DETECTORS = "pkg/detectors/"
_ASSIGN = re.compile(r"(?m)^\s*(\w+)(?:\s+string)?\s*(?::=|=)\s*(?=[\"`\w])")
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`')
_VERB = re.compile(r"%[-+# 0]*\d*(?:\.\d+)?[svdq%]")


def _expression_end(text: str, start: int) -> int:
    """The end of the Go expression starting at `start`: the first `,` `}` or newline at
    bracket depth 0 outside literals (a `+` at a line's end continues it)."""
    depth, i = 0, start
    while i < len(text):
        literal = _LITERAL.match(text, i)
        if literal:
            i = literal.end()
            continue
        char = text[i]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0 and (
            char == "," or (char == "\n" and not text[start:i].rstrip().endswith("+"))
        ):
            return i
        i += 1
    return i


def _without_comments(text: str) -> str:
    """`text` without its `//` comments (a `//` inside a literal is kept)."""
    out, i = [], 0
    while i < len(text):
        literal = _LITERAL.match(text, i)
        if literal:
            out.append(literal.group())
            i = literal.end()
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _split(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside literals and brackets, each part stripped."""
    parts, depth, i, begin = [], 0, 0, 0
    while i < len(text):
        literal = _LITERAL.match(text, i)
        if literal:
            i = literal.end()
            continue
        char = text[i]
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(char, 0)
        if char == separator and depth == 0:
            parts.append(text[begin:i])
            begin = i + 1
        i += 1
    parts.append(text[begin:])
    return [p.strip() for p in parts]


def _split_args(text: str) -> list[str]:
    return [p for p in _split(text, ",") if p]


class Scope:
    """The string names a test file assigns once, evaluated on demand."""

    def __init__(self, source: str) -> None:
        found: dict[str, list[str]] = {}
        for match in _ASSIGN.finditer(source):
            end = _expression_end(source, match.end())
            found.setdefault(match[1], []).append(source[match.end() : end].strip())
        self.raw = {name: exprs[0] for name, exprs in found.items() if len(exprs) == 1}
        self.busy: set[str] = set()

    def value(self, expr: str) -> str | None:
        """The string `expr` evaluates to, or None when it is outside the subset."""
        expr = _without_comments(expr).strip()
        parts = _split(expr, "+")
        if len(parts) > 1:
            values = [self.value(p) for p in parts]
            return None if any(v is None for v in values) else "".join(values)  # type: ignore[arg-type]
        if _LITERAL.fullmatch(expr):
            return expr[1:-1] if expr[0] == "`" else str(ast.literal_eval(expr))
        if expr.startswith("fmt.Sprintf(") and expr.endswith(")"):
            return self._sprintf(_split_args(expr[len("fmt.Sprintf(") : -1]))
        if re.fullmatch(r"\w+", expr) and expr in self.raw and expr not in self.busy:
            self.busy.add(expr)
            try:
                return self.value(self.raw[expr])
            finally:
                self.busy.discard(expr)
        return None

    def _sprintf(self, args: list[str]) -> str | None:
        values = [self.value(a) for a in args]
        if not values or any(v is None for v in values):
            return None
        template, rest = values[0], list(values[1:])

        def fill(match: re.Match[str]) -> str:
            verb = match.group()
            if verb == "%%":
                return "%"
            item = rest.pop(0) if rest else ""
            return json.dumps(item) if verb.endswith("q") else str(item)

        try:
            return _VERB.sub(fill, str(template))
        except IndexError:
            return None


_FIELD = re.compile(r"(?m)^\s*(input|want)\s*:\s*")


def cases_of(source: str) -> Iterator[tuple[str, list[str] | None]]:
    """(input, wanted secrets) per test case of one file; wanted is None when unreadable."""
    scope = Scope(source)
    pending: str | None = None
    for match in _FIELD.finditer(source):
        end = _expression_end(source, match.end())
        expr = source[match.end() : end].strip()
        if match[1] == "input":
            pending = scope.value(expr)
            continue
        if pending is None:
            continue
        yield pending, _wanted(scope, expr)
        pending = None


def _wanted(scope: Scope, expr: str) -> list[str] | None:
    if expr in ("nil", "[]string{}"):
        return []
    if not (expr.startswith("[]string{") and expr.endswith("}")):
        return None
    values = [scope.value(e) for e in _split_args(expr[len("[]string{") : -1])]
    return None if any(v is None for v in values) else [str(v) for v in values]


_PATTERN_TEST = re.compile(r"/[^/]+(?<!_integration)_test\.go$")


def walk(read: Callable[[str], bytes], folder: str) -> Iterator[str]:
    """Every file under `folder` of the snapshot (`git show <commit>:<folder>` lists a tree:
    two header lines, then one name a line, folders ending in `/`)."""
    for name in read(folder).decode("utf-8").splitlines()[2:]:
        if name.endswith("/"):
            yield from walk(read, folder + name)
        elif name:
            yield folder + name


def as_jsonl(rows: Iterable[dict[str, str]]) -> bytes:
    """Labelled rows as JSON lines, in order, without repeats (same label, text and secret) and
    without empty texts."""
    lines: list[str] = []
    seen: set[tuple[str, str, str]] = set()
    for row in rows:
        key = (row["label"], row["text"], row["secret"])
        if key not in seen and row["text"]:
            seen.add(key)
            lines.append(json.dumps(row, ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode("utf-8")


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `trufflehog` set: one JSON object a line,
    `{"rule", "label": "tp", "text", "secret"}`, detectors in path order; a want that is not a
    span of its input gives `"secret": ""` (left out by the loader, counted)."""
    del paths
    listing = [p for p in walk(read, DETECTORS) if _PATTERN_TEST.search(p)]
    lines: list[str] = []
    seen: set[tuple[str, str]] = set()
    for path in sorted(listing):
        rule = path.removeprefix(DETECTORS).split("/")[0]
        for text, wanted in cases_of(read(path).decode("utf-8")):
            for secret in wanted or ():
                key = (text, secret)
                if key in seen or not text.strip():
                    continue
                seen.add(key)
                kept = secret if secret in text else ""
                lines.append(
                    json.dumps({"rule": rule, "label": "tp", "text": text, "secret": kept})
                )
    return ("\n".join(lines) + "\n").encode("utf-8")
