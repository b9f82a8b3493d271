"""The `when_tense` benchmark's data: people's event-to-creation-time links in news, derived
mechanically.

TempEval-3's TimeML files (the same snapshot and folders as bench/data/timex.toml). Kept: every
EVENT instance (MAKEINSTANCE) that a TLINK relates to the document creation time (the DCT's
`tid`), in either direction (`eventInstanceID` .. `relatedToTime`, or `timeID` ..
`relatedToEventInstance`, the relation then read from the event's side). The relation becomes
the gold answer to "does the event still hold at the DCT?" (`GOLD`): "holds", "over" or
"future". An instance whose links to the DCT disagree on that answer, or whose relation is
none of `GOLD`'s, is left out. The slice is `{"data": [item]}` written with
json.dumps(ensure_ascii=False, indent=0); an item is `{"doc", "dct", "eiid", "text", "class",
"tense", "aspect", "polarity", "pos", "rel", "gold", "context", "span"}`: `class` the EVENT's
class (STATE, I_STATE, OCCURRENCE, ...), `tense`..`pos` the MAKEINSTANCE's, `rel` the relation
from the event's side, `context` the sentence holding the event (tags removed), `span` the
event's word in it. Nothing is edited by hand or selected by how the extractor does.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from bench.when.timex_data import Reader, every, parts, plain, sentence

GOLD = {
    "INCLUDES": "holds", "IS_INCLUDED": "holds", "SIMULTANEOUS": "holds", "DURING": "holds",
    "DURING_INV": "holds", "IDENTITY": "holds", "BEGUN_BY": "holds", "BEGINS": "holds",
    "ENDS": "holds",
    "BEFORE": "over", "IBEFORE": "over", "ENDED_BY": "over",
    "AFTER": "future", "IAFTER": "future",
}  # fmt: skip
"""The event's relation to the DCT -> the gold answer. BEGUN_BY (the event starts at the DCT),
BEGINS and ENDS (it is the DCT's first or last part) hold then; ENDED_BY (it stops at the DCT)
is over, as BEFORE and IBEFORE are; AFTER and IAFTER are yet to come."""

INVERSE = {
    "BEFORE": "AFTER", "AFTER": "BEFORE", "IBEFORE": "IAFTER", "IAFTER": "IBEFORE",
    "INCLUDES": "IS_INCLUDED", "IS_INCLUDED": "INCLUDES", "BEGINS": "BEGUN_BY",
    "BEGUN_BY": "BEGINS", "ENDS": "ENDED_BY", "ENDED_BY": "ENDS", "DURING": "DURING_INV",
    "DURING_INV": "DURING", "SIMULTANEOUS": "SIMULTANEOUS", "IDENTITY": "IDENTITY",
}  # fmt: skip
"""A relation read from the other side: `dct REL event` is `event INVERSE[REL] dct`."""

_INSTANCE = ("tense", "aspect", "polarity", "pos")


def tense(read: Reader, paths: tuple[str, ...]) -> bytes:
    """Every DCT-linked event instance of the .tml files in the folders `paths`, in folder then
    file-name then text order."""
    return every(read, paths, document)


def document(doc: str, xml: bytes) -> list[dict[str, Any]]:
    """The kept event instances of one TimeML document, in text order."""
    found = parts(xml)
    if found is None:
        return []
    root, dct, body = found
    relations = dct_relations(root, str(dct.get("tid")))
    instances = {str(m.get("eventID")): m for m in root.iter("MAKEINSTANCE")}
    text, spans = plain(body, "EVENT")
    out = []
    for event, (start, end) in spans:
        instance = instances.get(str(event.get("eid")))
        eiid = instance.get("eiid") if instance is not None else None
        if instance is None or eiid not in relations:
            continue
        context, offset = sentence(text, start, end)
        rel = relations[str(eiid)]
        out.append({
            "doc": doc, "dct": str(dct.get("value"))[:10], "eiid": eiid, "text": text[start:end],
            "class": event.get("class"), **{k: instance.get(k, "NONE") for k in _INSTANCE},
            "rel": rel, "gold": GOLD[rel], "context": context,
            "span": [start - offset, end - offset],
        })  # fmt: skip
    return out


def dct_relations(root: ET.Element, dct: str) -> dict[str, str]:
    """Each event instance's relation to the DCT, from the event's side; an instance whose
    links disagree on the gold answer, or with a relation `GOLD` does not map, is left out."""
    found: dict[str, set[str]] = {}
    for link in root.iter("TLINK"):
        eiid, rel = _from_event(link, dct)
        if eiid is not None:
            found.setdefault(eiid, set()).add(rel)
    return {
        eiid: sorted(rels)[0]
        for eiid, rels in found.items()
        if all(r in GOLD for r in rels) and len({GOLD[r] for r in rels}) == 1
    }


def _from_event(link: ET.Element, dct: str) -> tuple[str | None, str]:
    rel = str(link.get("relType"))
    if link.get("relatedToTime") == dct and link.get("eventInstanceID"):
        return link.get("eventInstanceID"), rel
    if link.get("timeID") == dct and link.get("relatedToEventInstance"):
        return link.get("relatedToEventInstance"), INVERSE.get(rel, rel)
    return None, rel
