"""The notary: runs on every input before anything is extracted, embedded or indexed.

A credential that reaches an embedding cannot be removed without purging the store (design text
§4.1.1, table 4-1), so the notary errs towards masking; it still leaves ordinary words, UUIDs,
git SHAs, invoice ids, product names, versions, paths and plain URLs alone.

`notarize(text)` does, in this order:

1. **HTML/script injection detection on the original text** (`notary.html`): alerts of kind
   `html_injection` with spans in the original. Detection only: the markup is *kept* in the
   sanitised text, because it is data the user sent; whoever renders stored text must escape
   it. Injection that only appears once invisible characters are removed (`<scr\u200bipt>`) is
   reported too, its detail saying so.
2. **Invisible Unicode detection and stripping** (`notary.unicode`): zero-width characters,
   bidi controls, tag characters, stray variation selectors and other invisible format
   characters are removed; one `invisible_unicode` alert per kind with the count and the span
   from the first to the last such character in the original text.
3. **Credential detection on the stripped text**, so that a secret split by zero-width spaces is
   still caught: our own rules first (`notary.patterns`: the grammar of named secrets in
   `notary.grammar`, then the structural families in `notary.families` and
   `notary.commands`), betterleaks' maintained rule set (`notary.providers`), the
   detect-secrets plugins the rule set does not cover and an unlabelled entropy check
   (`notary.plugins`). What is not a secret is dropped by the precision layer
   (`notary.precision`): fillers, documented examples stated as examples, a URL template's
   password, counting runs and elided tokens in a token's slot, and values in a format the
   maintained rule set decides; a value that is a stand-in anywhere in the text is one
   everywhere. A token found by its format is widened to the whole token around it, and each
   value found is also masked wherever else it occurs. Only the value is replaced, by a
   typed placeholder; labels stay
   ("password=[REDACTED:password]", "我的密码是[REDACTED:password]"). One `credential` alert
   per masked span; its detail names the type ("password assignment", "GitHub PAT
   (betterleaks)") and never any part of the value.

Every alert span is a `(start, end)` pair of positions in the ORIGINAL text passed in. For
credentials found in the stripped text the span is mapped back through the stripping: it starts
at the original position of the value's first character and ends after its last, so it also
covers invisible characters that were inside the value.

`notarize_json(value)` does field-level masking of JSON-like metadata (see its docstring).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from extractors.notary.html import detect_injection
from extractors.notary.keys import is_secret_key, key_kind
from extractors.notary.owners import owner_findings
from extractors.notary.patterns import own_findings
from extractors.notary.plugins import entropy_findings, plugin_findings
from extractors.notary.precision import none_here, not_a_secret, owned_format, to_default
from extractors.notary.providers import provider_findings
from extractors.notary.unicode import Stripped, strip_invisible
from extractors.notary.values import MASKED, Finding, names_placeholder, placeholder
from graph.domain.model import Alert

MASK = "[REDACTED]"
"""The untyped placeholder; masked values read `[REDACTED:<type>]` (see `placeholder`). Neither
contains any part of the secret (not its length, prefix or hash), and neither is ever detected as
a secret, so notarizing already-notarized text changes nothing."""

__all__ = [
    "MASK",
    "MASKED",
    "NotaryResult",
    "names_placeholder",
    "notarize",
    "notarize_json",
    "placeholder",
]

MIN_REPEAT = 3
"""A found value of at least this many characters (the shortest a secret may be) is masked
wherever else it occurs too, as a whole word or a whole part of a name (`_bounded`): a
password equal to its user name (`user = app`, `login bob password bob`) or to its name's
owner (`rootPassword: root`) is told there as well."""

MAX_DEPTH = 100
"""`notarize_json` refuses structures nested deeper than this."""


@dataclass(frozen=True)
class NotaryResult:
    """What the notary made of one string."""

    text: str
    """Sanitised: credentials masked, invisible Unicode stripped (markup kept)."""
    alerts: tuple[Alert, ...]
    """Injection, then invisible-Unicode, then credential alerts; spans in the original text."""
    masked: int
    """Number of credential values masked."""


def notarize(text: str, *, turn: int | None = None) -> NotaryResult:
    """Sanitise one string and report what was found (see the module docstring)."""
    if not text:
        return NotaryResult(text, (), 0)
    alerts = detect_injection(text, turn)
    stripped = strip_invisible(text, turn)
    alerts.extend(stripped.alerts)
    if stripped.seg_new:
        alerts.extend(_revealed_injection(stripped, alerts, turn))
    secrets = find_secrets(stripped.text)
    alerts.extend(
        Alert(
            kind="credential", detail=f.label, span=stripped.to_original(f.start, f.end), turn=turn
        )
        for f in secrets
    )
    return NotaryResult(apply_masks(stripped.text, secrets), tuple(alerts), len(secrets))


def _revealed_injection(stripped: Stripped, seen: list[Alert], turn: int | None) -> list[Alert]:
    """Injection that the invisible characters were hiding (absent from the original)."""
    spans = [a.span for a in seen if a.kind == "html_injection" and a.span is not None]
    revealed: list[Alert] = []
    for alert in detect_injection(stripped.text, turn):
        if alert.span is None:
            continue
        start, end = stripped.to_original(*alert.span)
        if any(s < end and start < e for s, e in spans):
            continue
        detail = f"{alert.detail} (hidden by invisible characters)"
        revealed.append(Alert(kind="html_injection", detail=detail, span=(start, end), turn=turn))
    return revealed


def find_secrets(text: str, depth: int = 0) -> list[Finding]:
    """Merged, sorted, non-overlapping spans of `text` to mask."""
    ours = [*own_findings(text), *plugin_findings(text), *entropy_findings(text)]
    found = [  # on a tie, the first named here names the span: the maintained rule set first
        *provider_findings(text),
        *(f for f in ours if not owned_format(text[f.start : f.end])),
    ]
    stand_ins = {text[f.start : f.end] for f in found if _stand_in(text, f)}
    found = [f for f in found if text[f.start : f.end] not in stand_ins and not _none_here(text, f)]
    found.extend(_owned(text, stand_ins))
    if '\\"' in text and depth < MAX_ESCAPES:
        found = _escaped_structures(text, found, depth)
    if not found:
        return []
    found = [widened(text, f) if f.token else f for f in found]
    if "${" in text:
        found = [f for f in map(partial(_to_default, text), found) if f.end > f.start]
    found.extend(_repeats(text, found))
    kept = _outside_placeholders(text, found)
    return _merge(kept) if kept else []


MAX_ESCAPES = 2
"""How many levels of escaped structures (a JSON string inside a JSON string) are read."""
_STRING = re.compile(r'(?<!\\)"((?:[^"\\\n]|\\.){2,4096})"')
"""A double-quoted string holding escapes; never one opened by an escaped quote (`\\"`), from
which the scan would start again at every field of an escaped structure left unclosed."""
_STRUCTURE = re.compile(r"\s*(?:\{.*\}|\[.*\])\s*", re.S)


def _escaped_structures(text: str, found: list[Finding], depth: int) -> list[Finding]:
    """A structure written escaped inside a string (CloudFormation's `"SecretStringTemplate":
    "{\\"username\\": \\"admin\\"}"`, an IAM policy in a Terraform string) is judged as the
    text it holds, unescaped: its fields by their own names, the string as a whole never a
    value (before, the grammar read `"{\\"username\\` as the template's secret and no field
    inside was read). The findings that overlap such a string are replaced by those of its
    content."""
    inner: list[Finding] = []
    spans: list[tuple[int, int]] = []
    for literal in _STRING.finditer(text):
        body = literal.group(1)
        if '\\"' not in body:
            continue
        content, at = _unescaped(body, literal.start(1))
        if _STRUCTURE.fullmatch(content) is None:
            continue
        spans.append(literal.span())
        for f in find_secrets(content, depth + 1):
            inner.append(f._replace(start=at[f.start], end=at[f.end - 1] + 1))
    if not spans:
        return found
    outside = [f for f in found if not any(s < f.end and f.start < e for s, e in spans)]
    return [*outside, *inner]


def _unescaped(body: str, offset: int) -> tuple[str, list[int]]:
    """`body` with its backslash escapes read (`\\"` is `"`, `\\n` a line break), and where
    each character of the result stands in the text (`offset` is the body's start)."""
    chars: list[str] = []
    at: list[int] = []
    i = 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            escaped = body[i + 1]
            chars.append({"n": "\n", "t": "\t", "r": "\r"}.get(escaped, escaped))
            at.append(offset + i + 1)
            i += 2
            continue
        chars.append(body[i])
        at.append(offset + i)
        i += 1
    return "".join(chars), at


def _to_default(text: str, finding: Finding) -> Finding:
    start, end = to_default(text, finding.start, finding.end)
    return finding._replace(start=start, end=end)


def _stand_in(text: str, finding: Finding) -> bool:
    return not_a_secret(text, finding.start, finding.end, finding.kind, finding.rank)


def _none_here(text: str, finding: Finding) -> bool:
    return none_here(text, finding.start, finding.end, finding.kind)


def _owned(text: str, stand_ins: set[str]) -> list[Finding]:
    """Codes a provider's name governs (`notary.owners`), judged like every finding but never
    making a value a stand-in for the other rules: the weakest rule does not veto the others."""
    return [
        f
        for f in owner_findings(text)
        if text[f.start : f.end] not in stand_ins
        and not owned_format(text[f.start : f.end])
        and not _stand_in(text, f)
        and not _none_here(text, f)
    ]


_TOKEN_LEFT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.+")
_TOKEN_RIGHT = _TOKEN_LEFT | {"="}
_TOKEN_TRAIL = "._-+"


def widened(text: str, finding: Finding) -> Finding:
    """A format finding widened to the token it sits in, so no part of a token stays: a rule
    that stops at its format's length (`xoxa-2398475` of `xoxa-2398475-2348975`) or a key
    glued to other characters (`ghs_12345_` before a JWT). Trailing `.`, `-`, `_`, `+` are not
    taken (they end a sentence or a list), nor a placeholder's bracket."""
    start, end = finding.start, finding.end
    while start > 0 and text[start - 1] in _TOKEN_LEFT:
        start -= 1
    while end < len(text) and text[end] in _TOKEN_RIGHT:
        end += 1
    while end > finding.end and text[end - 1] in _TOKEN_TRAIL:
        end -= 1
    while start < finding.start and text[start] in _TOKEN_TRAIL:
        start += 1
    return finding._replace(start=start, end=end)


def _outside_placeholders(text: str, found: list[Finding]) -> list[Finding]:
    """Findings that do not touch a placeholder already in the text (`[REDACTED:token]`)."""
    if "REDACTED" not in text:
        return found
    masks = [m.span() for m in MASKED.finditer(text)]
    return [f for f in found if not any(s < f.end and f.start < e for s, e in masks)]


def _repeats(text: str, found: Iterable[Finding]) -> list[Finding]:
    """Other occurrences of every value found (a password said twice is masked twice)."""
    values = {text[f.start : f.end]: f for f in found if f.end - f.start >= MIN_REPEAT}
    extra: list[Finding] = []
    for value, finding in values.items():
        start = text.find(value)
        while start >= 0:
            end = start + len(value)
            if len(value) >= 8 or _bounded(text, start, end):
                extra.append(Finding(start, end, finding.label, finding.rank + 10, finding.kind))
            start = text.find(value, end)
    return extra


def _bounded(text: str, start: int, end: int) -> bool:
    """`text[start:end]` is a whole word or a whole part of a name: no letter or digit on either
    side, or a case hump there (`root` in `rootPassword`, `Root` in `dbRoot`)."""
    before = not _alnum_at(text, start - 1) or (text[start - 1].islower() and text[start].isupper())
    after = not _alnum_at(text, end) or (text[end - 1].islower() and text[end].isupper())
    return before and after


def _alnum_at(text: str, index: int) -> bool:
    return 0 <= index < len(text) and text[index].isalnum()


def _merge(found: list[Finding]) -> list[Finding]:
    """Union overlapping spans; the lowest-ranked finding among them names the union."""
    found.sort(key=lambda f: (f.start, f.rank))
    merged: list[Finding] = [found[0]]
    for item in found[1:]:
        last = merged[-1]
        if item.start >= last.end:
            merged.append(item)
            continue
        best = last if last.rank <= item.rank else item
        merged[-1] = Finding(last.start, max(last.end, item.end), best.label, best.rank, best.kind)
    return merged


def apply_masks(text: str, secrets: list[Finding]) -> str:
    """`text` with every span in `secrets` (sorted, non-overlapping) replaced by its typed
    placeholder (`[REDACTED:github_pat]`)."""
    pieces: list[str] = []
    prev = 0
    for finding in secrets:
        pieces.append(text[prev : finding.start])
        pieces.append(placeholder(finding.kind))
        prev = finding.end
    pieces.append(text[prev:])
    return "".join(pieces)


# --- JSON-like metadata ------------------------------------------------------------------


def notarize_json(value: object, *, turn: int | None = None) -> tuple[object, tuple[Alert, ...]]:
    """Field-level masking for JSON-like metadata; returns a new structure and the alerts.

    * A dict key that names a secret (`password`, `passwd`, `pwd`, `secret`, `token`,
      `api_key`/`apiKey`/`x-api-key`, `access_key`, `private_key`, `client_secret`,
      `authorization`, `cookie`/`set-cookie`, `session_id`, `pin`, 密码, 口令, 密钥, 令牌 ...;
      see `notary.keys.is_secret_key`) gets its whole value replaced by a typed placeholder
      (`[REDACTED:password]`), whatever its type (a nested dict or list too), unless the value
      is None, a bool, an empty string or already a placeholder. `max_tokens`, `token_count`,
      `password_policy` are not secret names.
    * Every other string anywhere (values and keys, at any depth) goes through `notarize()`.
    * Dicts come back as dicts, lists as lists, tuples as tuples; other values are returned as
      they are. The input is never mutated. If masking makes two keys equal, the later one
      gets a " (2)" suffix rather than overwriting the first.

    Alert details end with the JSONPath-like location of the field ("... at $.db.password",
    built from the sanitised keys); spans, where present, refer to that one string.
    Raises ValueError if the structure is nested deeper than `MAX_DEPTH`.
    """
    alerts: list[Alert] = []
    return _walk(value, "$", turn, alerts, 0), tuple(alerts)


def _walk(value: object, path: str, turn: int | None, alerts: list[Alert], depth: int) -> object:
    if depth > MAX_DEPTH:
        raise ValueError(f"metadata is nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        return _string(value, path, turn, alerts)
    if isinstance(value, Mapping):
        return _mapping(value, path, turn, alerts, depth)
    if isinstance(value, list | tuple):
        items = [_walk(v, f"{path}[{i}]", turn, alerts, depth + 1) for i, v in enumerate(value)]
        return tuple(items) if isinstance(value, tuple) else items
    return value


def _string(value: str, path: str, turn: int | None, alerts: list[Alert]) -> str:
    result = notarize(value, turn=turn)
    alerts.extend(
        Alert(kind=a.kind, detail=f"{a.detail} at {path}", span=a.span, turn=a.turn)
        for a in result.alerts
    )
    return result.text


def _mapping(
    value: Mapping[object, object], path: str, turn: int | None, alerts: list[Alert], depth: int
) -> dict[object, object]:
    out: dict[object, object] = {}
    for key, item in value.items():
        new_key = _string(key, path, turn, alerts) if isinstance(key, str) else key
        new_key = _unique_key(out, new_key)
        child = f"{path}.{_short(new_key)}"
        if isinstance(key, str) and is_secret_key(key) and _maskable(item):
            alerts.append(Alert(kind="credential", detail=f"secret-named field {child}", turn=turn))
            out[new_key] = placeholder(key_kind(key))
        else:
            out[new_key] = _walk(item, child, turn, alerts, depth + 1)
    return out


def _unique_key(out: Mapping[object, object], key: object) -> object:
    if key not in out or not isinstance(key, str):
        return key
    n = 2
    while f"{key} ({n})" in out:
        n += 1
    return f"{key} ({n})"


def _short(key: object, limit: int = 60) -> str:
    text = str(key)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _maskable(item: object) -> bool:
    if item is None or isinstance(item, bool):
        return False
    if isinstance(item, str) and MASKED.fullmatch(item):
        return False
    if isinstance(item, str | list | tuple | dict):
        return len(item) > 0 and not (isinstance(item, str) and not item.strip())
    return True
