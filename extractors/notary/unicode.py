"""Invisible Unicode for the notary: find it, strip it, and map positions back.

What is stripped (every code point below is removed from the sanitised text and reported):

* zero-width: U+200B ZWSP, U+200C ZWNJ, U+200D ZWJ, U+2060 word joiner, U+FEFF, U+180E;
* bidi controls: U+200E, U+200F, U+061C, U+202A..U+202E, U+2066..U+2069 ("Trojan Source");
* tag characters: U+E0000..U+E007F (the "ASCII smuggling" channel; the hidden payload is
  dropped and never echoed into an alert);
* variation selectors: U+FE00..U+FE0F, U+E0100..U+E01EF, Mongolian U+180B..U+180D, U+180F;
* other invisible format characters: the remaining general-category Cf code points (soft hyphen,
  invisible math operators U+2061..U+2064, deprecated format controls U+206A..U+206F,
  interlinear annotation U+FFF9..U+FFFB, Egyptian/Duployan/musical format controls) and the
  invisible fillers U+034F, U+115F, U+1160, U+17B4, U+17B5, U+3164, U+FFA0.

Kept on purpose (not alerted): the Arabic and Syriac prepended concatenation marks (U+0600..
U+0605, U+06DD, U+070F, U+0890, U+0891, U+08E2, U+110BD, U+110CD), which are Cf but render
visibly; a byte-order mark at position 0 (an encoding artefact: stripped silently); and, so that
emoji keep rendering, ZWJ *between two emoji* (👨‍👩‍👧) and U+FE0F *right after an emoji* or
before a keycap mark (❤️, 1️⃣). Elsewhere ZWJ and U+FE0F are stripped like the rest, so a
secret split by a zero-width character cannot survive: "AK\u200dIA..." loses the ZWJ.
Tag-based subdivision flags (🏴 + tags) degrade to a plain black flag; that is accepted.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from graph.domain.model import Alert

_INVISIBLE = re.compile(
    "["
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef"
    "]+"
)

_ZWJ = 0x200D
_VS16 = 0xFE0F
_KEYCAP = 0x20E3
_BOM = 0xFEFF

_KINDS: tuple[tuple[str, str], ...] = (
    ("zero-width", "zero-width characters"),
    ("bidi", "bidirectional controls"),
    ("tag", "tag characters (possible hidden text, not reproduced)"),
    ("variation", "variation selectors"),
    ("format", "invisible format characters"),
)


def _kind(cp: int) -> str:
    if cp in (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E):
        return "zero-width"
    if cp in (0x200E, 0x200F, 0x061C) or 0x202A <= cp <= 0x202E or 0x2066 <= cp <= 0x2069:
        return "bidi"
    if 0xE0000 <= cp <= 0xE007F:
        return "tag"
    if 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF or 0x180B <= cp <= 0x180F:
        return "variation"
    return "format"


def _is_emoji(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x1F000 <= cp <= 0x1FAFF
        or 0x2600 <= cp <= 0x27BF
        or 0x2300 <= cp <= 0x23FF
        or 0x2B00 <= cp <= 0x2BFF
        or cp in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D)
    )


@dataclass(frozen=True)
class Stripped:
    """Text with invisible characters removed, and how to find original positions again.

    `seg_new[k]`/`seg_old[k]` are the start of the k-th kept run in the stripped and in the
    original text; both are empty when nothing was stripped (identity mapping).
    """

    text: str
    alerts: tuple[Alert, ...]
    seg_new: tuple[int, ...] = ()
    seg_old: tuple[int, ...] = ()

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a span of the stripped text to the original text.

        The start maps to the original position of its first character and the end to just
        after the original position of its last character, so a value that had invisible
        characters inside it gets a span covering them too.
        """
        if not self.seg_new:
            return start, end
        if end <= start:
            pos = self._point(start)
            return pos, pos
        return self._point(start), self._point(end - 1) + 1

    def _point(self, pos: int) -> int:
        k = max(bisect_right(self.seg_new, pos) - 1, 0)
        return self.seg_old[k] + (pos - self.seg_new[k])


def _keep(text: str, i: int) -> bool:
    """Whether the invisible character at `i` is a legitimate emoji joiner/selector."""
    cp = ord(text[i])
    if cp == _BOM:
        return False
    prev = text[i - 1] if i > 0 else ""
    nxt = text[i + 1] if i + 1 < len(text) else ""
    if cp == _VS16:
        return (bool(prev) and _is_emoji(prev)) or (nxt != "" and ord(nxt) == _KEYCAP)
    if cp == _ZWJ:
        prev_ok = bool(prev) and (_is_emoji(prev) or ord(prev) == _VS16)
        return prev_ok and nxt != "" and _is_emoji(nxt)
    return False


def _removed(text: str) -> Iterator[int]:
    """Positions of the characters to strip, in order."""
    for match in _INVISIBLE.finditer(text):
        for i in range(match.start(), match.end()):
            if not _keep(text, i):
                yield i


def strip_invisible(text: str, turn: int | None = None) -> Stripped:
    """Remove invisible characters; one alert per kind found, with count and original span."""
    if _INVISIBLE.search(text) is None:
        return Stripped(text, ())
    removed = list(_removed(text))
    if not removed:
        return Stripped(text, ())
    pieces: list[str] = []
    seg_new: list[int] = []
    seg_old: list[int] = []
    prev, new_len = 0, 0
    for i in [*removed, len(text)]:
        if i > prev:
            seg_new.append(new_len)
            seg_old.append(prev)
            pieces.append(text[prev:i])
            new_len += i - prev
        prev = i + 1
    if not seg_new:
        seg_new, seg_old = [0], [len(text)]
    alerts = _alerts(text, [i for i in removed if not (i == 0 and ord(text[0]) == _BOM)], turn)
    return Stripped("".join(pieces), alerts, tuple(seg_new), tuple(seg_old))


def _alerts(text: str, removed: list[int], turn: int | None) -> tuple[Alert, ...]:
    by_kind: dict[str, list[int]] = {}
    for i in removed:
        by_kind.setdefault(_kind(ord(text[i])), []).append(i)
    alerts: list[Alert] = []
    for kind, noun in _KINDS:
        positions = by_kind.get(kind)
        if not positions:
            continue
        points = sorted({f"U+{ord(text[i]):04X}" for i in positions})
        shown = ", ".join(points[:4]) + (", ..." if len(points) > 4 else "")
        detail = f"{noun} stripped: {len(positions)} ({shown})"
        span = (positions[0], positions[-1] + 1)
        alerts.append(Alert(kind="invisible_unicode", detail=detail, span=span, turn=turn))
    return tuple(alerts)
