"""Fact signatures: the deduplication key, looked up through a unique index (never a scan).

A signature is a SHA-256 over the normalised (tenant, subject, predicate, value, polarity,
scope, valid period). The valid period is labelled at the granularity it is known with, so
"Friday" resolved to 2026-11-27 and the ISO date 2026-11-27 collide, while the same words in
another scope do not.

When the record holding a signature is no longer current (superseded or expired) and the same
assertion is made again, the new record takes the *successor* signature, derived from the old
one; repeated flip-flops form a short chain of index seeks.

Also here, because signatures are made of them: `entity_key` (the normalised name entities
merge on and facts are aligned by) and the day-precision rule (`signed_period`: an instant is
signed as its day, so the same assertion twice in a day is a repeat).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from datetime import datetime
from typing import TYPE_CHECKING

from graph.domain.enums import Granularity

if TYPE_CHECKING:
    from graph.domain.model import Fact

_SPACE = re.compile(r"\s+")
_EDGE_PUNCT = " \t\n\r.,;:!?。，；：！？、\"'`“”‘’()（）[]【】"
_DETERMINERS = ("the ", "a ", "an ")
MAX_KEY = 200


def normalize_text(text: str) -> str:
    """Case-, width- and space-folded text with edge punctuation and a leading article removed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = _SPACE.sub(" ", folded).strip(_EDGE_PUNCT)
    for article in _DETERMINERS:
        if folded.startswith(article) and len(folded) > len(article):
            folded = folded[len(article) :]
            break
    return folded


def entity_key(name: str) -> str:
    """The normalised name entities merge on; long names keep a digest to stay unique. A name
    that is all edge punctuation ("?", "...") keys on its folded self rather than on nothing."""
    key = normalize_text(name) or _SPACE.sub(" ", unicodedata.normalize("NFKC", name)).strip()
    if len(key) <= MAX_KEY:
        return key
    return key[:160] + "#" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


def signed_period(valid_at: datetime, granularity: Granularity) -> str:
    """The period label a signature holds: instants are signed at day precision."""
    precision = Granularity.DAY if granularity is Granularity.INSTANT else granularity
    return period_label(valid_at, precision)


def assertion_signature(
    *,
    group_id: str,
    subject: str,
    predicate: str,
    value: str,
    polarity: int,
    scope: str,
    valid_at: datetime,
    granularity: Granularity,
) -> str:
    """The signature of an assertion from its names and its valid time, as the write signs it."""
    return fact_signature(
        group_id=group_id,
        subject_key=entity_key(subject),
        predicate=predicate,
        value_key=normalize_text(value),
        polarity=polarity,
        scope=scope,
        period=signed_period(valid_at, granularity),
    )


def period_label(start: datetime, granularity: Granularity) -> str:
    """A stable label for a period: '2023', '2023-Q2', '2023-06', '2023-W22', '2023-06-01'."""
    if granularity is Granularity.YEAR:
        return f"{start.year:04d}"
    if granularity is Granularity.QUARTER:
        return f"{start.year:04d}-Q{(start.month - 1) // 3 + 1}"
    if granularity is Granularity.MONTH:
        return f"{start.year:04d}-{start.month:02d}"
    if granularity is Granularity.WEEK:
        iso = start.isocalendar()
        return f"{iso.year:04d}-W{iso.week:02d}"
    if granularity is Granularity.DAY:
        return start.date().isoformat()
    return start.isoformat()


def fact_signature(
    *,
    group_id: str,
    subject_key: str,
    predicate: str,
    value_key: str,
    polarity: int,
    scope: str,
    period: str,
) -> str:
    """The signature of one assertion; equal inputs give equal signatures, on every machine."""
    parts = (group_id, subject_key, predicate, value_key, str(polarity), scope, period)
    return _digest("\x1f".join(parts))


def signature_of(fact: Fact) -> str:
    """The signature of a record from its own fields (its subject key, predicate, value key,
    polarity, scope and signed period): what the write signs it with."""
    return fact_signature(
        group_id=fact.group_id,
        subject_key=fact.subject_key,
        predicate=fact.predicate,
        value_key=fact.value_key,
        polarity=fact.polarity,
        scope=fact.scope,
        period=signed_period(fact.valid_at, fact.valid_granularity),
    )


def successor_signature(signature: str) -> str:
    """The signature a re-assertion takes when the holder of `signature` is no longer current."""
    return _digest("next\x1f" + signature)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
