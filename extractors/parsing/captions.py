"""The words that come with a media part: its caption, alt text, title or description.

A media reference says little ("IMG_2041.jpg"); the words a client sends beside it ("alt":
"a red kayak on Lake Bled") say what it shows. They are text the user gave, so they become a
text of the turn, searchable and read like any other (design text §4.5: nothing is
discarded). Looked for in the part itself and one level down (OpenAI's `image_url` object,
Anthropic's `source`); Anthropic's document `context` is such a text too.
"""

from __future__ import annotations

from collections.abc import Mapping

CAPTION_KEYS = ("caption", "alt", "alt_text", "altText", "title", "description", "context")


def captions(part: Mapping[str, object]) -> list[str]:
    """The non-empty caption texts of a media part, in key order, each once."""
    found: list[str] = []
    for holder in (part, *(v for v in part.values() if isinstance(v, Mapping))):
        for key in CAPTION_KEYS:
            value = holder.get(key)
            if isinstance(value, str) and value.strip() and value.strip() not in found:
                found.append(value.strip())
    return found
