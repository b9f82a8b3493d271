"""HTML/script injection detection for the notary (detection only, nothing is removed).

The patterns look for markup that would *execute* if the text were ever rendered as HTML or
Markdown: script/iframe/object/embed/applet/frame/style/base/meta-refresh tags, inline event
handler attributes (`<img src=x onerror=...>`, `<svg/onload=...>`), `javascript:`/`vbscript:`
URLs (also entity-obfuscated, also as a Markdown link or image target), `data:` URLs carrying
HTML, SVG or JavaScript, `srcdoc=`, and CSS `expression(...)`. Harmless markup and comparisons
("I use the <b> tag", "x < y > z", "JavaScript: a language") do not match: a scheme needs a
non-space character right after the colon, a handler needs a tag around it or a quoted value.
"""

from __future__ import annotations

import re

from graph.domain.model import Alert

MAX_FINDINGS = 20
"""At most this many injection alerts per string (a page of HTML could otherwise flood)."""

_I = re.IGNORECASE
_HANDLERS = (
    "abort|afterprint|animation(?:start|end|iteration)|beforeprint|beforeunload|blur|change|"
    "click|contextmenu|copy|cut|dblclick|drag\\w*|drop|error|focus(?:in|out)?|hashchange|input|"
    "invalid|key(?:down|press|up)|load(?:start|end)?|message|mouse\\w+|paste|pointer\\w+|"
    "popstate|reset|resize|scroll|search|select|show|submit|toggle|touch\\w+|transition\\w*|"
    "unload|wheel"
)

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("markdown link to a script URL", re.compile(r"\]\(\s*<?\s*(?:java|vb)script:", _I)),
    ("<script> tag", re.compile(r"<script\b", _I)),
    ("<iframe> tag", re.compile(r"<iframe\b", _I)),
    ("<frame> tag", re.compile(r"<frame(?:set)?\b", _I)),
    ("<object> tag", re.compile(r"<object\b", _I)),
    ("<embed> tag", re.compile(r"<embed\b", _I)),
    ("<applet> tag", re.compile(r"<applet\b", _I)),
    ("<style> tag", re.compile(r"<style\b", _I)),
    ("<base href> tag", re.compile(r"<base\b[^<>]*\bhref\s*=", _I)),
    ("<meta refresh> tag", re.compile(r"<meta\b[^<>]*http-equiv\s*=\s*[\"']?refresh", _I)),
    (
        "inline event handler attribute",
        re.compile(r"<[a-z][a-z0-9:-]*\b[^<>]*?[\s/\"'`]on[a-z]{3,30}\s*=", _I),
    ),
    ("inline event handler", re.compile(rf"\bon(?:{_HANDLERS})\s*=\s*[\"'`]", _I)),
    ("srcdoc attribute", re.compile(r"<[a-z][a-z0-9:-]*\b[^<>]*?\ssrcdoc\s*=", _I)),
    ("javascript: URL", re.compile(r"\b(?:java|vb|live)script\s*:(?=\S)", _I)),
    ("obfuscated javascript: URL", re.compile(r"javascript&(?:#0*58|#x0*3a|colon);?", _I)),
    (
        "data: URL with active content",
        re.compile(
            r"\bdata:\s*(?:text/html|text/javascript|application/(?:x-)?javascript|"
            r"image/svg\+xml|application/xhtml\+xml)",
            _I,
        ),
    ),
    ("CSS expression()", re.compile(r"(?::\s*|\bstyle\b[^<>]{0,80}?)expression\(", _I)),
)


def detect_injection(text: str, turn: int | None = None) -> list[Alert]:
    """HTML/script injection found in `text`, one alert per finding, spans in `text`.

    Overlapping findings are reported once (the first pattern in the table wins, so a Markdown
    link to `javascript:` is reported as such rather than twice).
    """
    if "<" not in text and ":" not in text and "&" not in text and "=" not in text:
        return []
    found: list[tuple[int, int, str]] = []
    for name, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if len(found) >= MAX_FINDINGS:
                break
            start, end = match.span()
            if not any(s < end and start < e for s, e, _ in found):
                found.append((start, end, name))
    found.sort()
    return [
        Alert(kind="html_injection", detail=f"{name} found", span=(s, e), turn=turn)
        for s, e, name in found
    ]
