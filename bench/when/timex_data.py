"""The `when_timex` benchmark's data: people's TIMEX3 annotations of news, derived mechanically.

TempEval-3's TimeML files (TimeBank and AQUAINT as cleaned for TempEval-3, and the platinum
test set; bench/data/timex.toml). Kept: every TIMEX3 of type DATE that the annotators marked as
a function of the document creation time (`temporalFunction="true"`, `anchorTimeID` = the
creation time's `tid`), whatever its text and value. The slice is `{"data": [item]}` written
with json.dumps(ensure_ascii=False, indent=0); an item is `{"doc", "dct", "tid", "text",
"value", "context", "span"}`: `dct` the creation day (ISO date), `context` the sentence that
holds the expression (tags removed), `span` the expression's [start, end) in `context`.
Nothing is edited by hand or selected by how the resolver does.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

Reader = Callable[[str], bytes]
Document = Callable[[str, bytes], list[dict[str, Any]]]
_BOUNDARY = re.compile(r"\n|(?<=[.!?])\s+(?=[A-Z\"'`(])")


def listed(read: Reader, folder: str) -> list[str]:
    """The .tml files of a folder of the snapshot, by name: `git show COMMIT:FOLDER` lists a
    tree as a header line, a blank line and one name per line."""
    names = read(folder).decode("utf-8").splitlines()[2:]
    return [f"{folder.rstrip('/')}/{n}" for n in sorted(names) if n.endswith(".tml")]


def timex(read: Reader, paths: tuple[str, ...]) -> bytes:
    """Every DCT-anchored DATE expression of the .tml files in the folders `paths`, in folder
    then file-name then text order."""
    return every(read, paths, document)


def every(read: Reader, paths: tuple[str, ...], kept: Document) -> bytes:
    """The slice of the items `kept` finds in each .tml file of the folders `paths`, in folder
    then file-name order."""
    items = [item for folder in paths for path in listed(read, folder)
             for item in kept(path.rsplit("/", 1)[-1], read(path))]  # fmt: skip
    return json.dumps({"data": items}, ensure_ascii=False, indent=0).encode("utf-8")


def parts(xml: bytes) -> tuple[ET.Element, ET.Element, ET.Element] | None:
    """A TimeML document's root, creation time (its TIMEX3) and TEXT; None without either."""
    root = ET.fromstring(xml)
    dct, body = root.find("DCT/TIMEX3"), root.find("TEXT")
    return None if dct is None or body is None else (root, dct, body)


def document(doc: str, xml: bytes) -> list[dict[str, Any]]:
    """The kept expressions of one TimeML document."""
    found = parts(xml)
    if found is None:
        return []
    _, dct, body = found
    text, spans = plain(body, "TIMEX3")
    anchor = dct.get("tid")
    out = []
    for element, (start, end) in spans:
        if _kept(element, anchor):
            context, offset = sentence(text, start, end)
            out.append({
                "doc": doc, "dct": str(dct.get("value"))[:10], "tid": element.get("tid"),
                "text": text[start:end], "value": element.get("value"), "context": context,
                "span": [start - offset, end - offset],
            })  # fmt: skip
    return out


def _kept(element: ET.Element, anchor: str | None) -> bool:
    return (
        element.get("type") == "DATE"
        and element.get("temporalFunction") == "true"
        and element.get("anchorTimeID") == anchor
    )


def plain(body: ET.Element, tag: str) -> tuple[str, list[tuple[ET.Element, tuple[int, int]]]]:
    """The text of TEXT without tags, and where each element `tag` in it starts and ends."""
    parts = [body.text or ""]
    spans = []
    size = len(parts[0])
    for child in body:
        inner = "".join(child.itertext())
        if child.tag == tag:
            spans.append((child, (size, size + len(inner))))
        parts += [inner, child.tail or ""]
        size += len(inner) + len(child.tail or "")
    return "".join(parts), spans


def sentence(text: str, start: int, end: int) -> tuple[str, int]:
    """The sentence around [start, end) (a line, or cut after . ! ? before a capital) and
    where it starts in `text`."""
    left = max((m.end() for m in _BOUNDARY.finditer(text, 0, start)), default=0)
    right = next((m.start() for m in _BOUNDARY.finditer(text, end)), len(text))
    return text[left:right], left
