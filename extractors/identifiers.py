"""Latin identifiers that must stay whole in every language path and index.

Model numbers (RTX 4090), invoice ids (INV-2024-001), versions (5.8.4, Python 3.11), paths
(/tmp/x), URLs and e-mail addresses are found with ASCII boundaries, because Python's `\\b`
treats Chinese characters as word characters ("RTX 4090显卡" must still yield "RTX 4090").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_B = r"(?<![A-Za-z0-9_])"
_E = r"(?![A-Za-z0-9_])"

_PATTERNS: tuple[tuple[str, str], ...] = (
    ("url", r"[a-z][a-z0-9+.-]*://[^\s\"'<>，。；！？、）)]+"),
    ("email", _B + r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}" + _E),
    ("path", r"(?<![\w/])(?:~|\.{1,2})?/(?:[A-Za-z0-9._-]+/?)+"),
    ("code", _B + r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*" + _E),
    ("version", _B + r"v?\d+(?:\.\d+){1,3}(?:-[A-Za-z0-9.]+)?" + _E),
    ("product", _B + r"(?:[A-Z][A-Za-z]*\s)?[A-Z]{2,}[A-Za-z]*\s?\d{2,5}[A-Za-z]{0,3}" + _E),
    ("named_version", _B + r"[A-Z][A-Za-z0-9+#]*\s\d+(?:\.\d+)+" + _E),
)

IDENTIFIER_RE = re.compile("|".join(f"(?P<{name}>{body})" for name, body in _PATTERNS))


@dataclass(frozen=True)
class Identifier:
    text: str
    kind: str
    span: tuple[int, int]


def find_identifiers(text: str) -> list[Identifier]:
    """Every identifier in `text`, in order, non-overlapping (earlier and longer win)."""
    found: list[Identifier] = []
    for match in IDENTIFIER_RE.finditer(text):
        kind = match.lastgroup or "code"
        value = match.group(0).rstrip(".,;:")
        found.append(Identifier(value, kind, (match.start(), match.start() + len(value))))
    return found


def protect(text: str, placeholder: str = "\ue000{}\ue001") -> tuple[str, list[Identifier]]:
    """Replace identifiers with numbered private-use placeholders, for tokenisers that shred them.

    `restore` puts them back. Private-use characters are not letters, so tokenisers keep a
    placeholder as one unit.
    """
    idents = find_identifiers(text)
    pieces: list[str] = []
    last = 0
    for number, ident in enumerate(idents):
        pieces.append(text[last : ident.span[0]])
        pieces.append(placeholder.format(number))
        last = ident.span[1]
    pieces.append(text[last:])
    return "".join(pieces), idents


def restore(text: str, idents: list[Identifier], placeholder: str = "\ue000{}\ue001") -> str:
    for number, ident in enumerate(idents):
        text = text.replace(placeholder.format(number), ident.text)
    return text
