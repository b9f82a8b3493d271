"""The text an agent reads from `search_memory`: each hit as a line it can quote.

The tool's structured result is REST's search answer; its text content is this rendering,
best first: a fact's memory (marked when superseded or disputed) and the turn it was read
from (speaker, observation date and the words as said, in quotes); an episode hit's turn.
So the question's words and the answer are in what a model reads even when the fact is a
fragment of its turn. A fact hit, then an episode hit (or a fact that is its turn's words,
quoted once):

    1. I love clay now
       from Nate, 2026-05-02: "Honestly the pottery workshop made me rethink how patient I
       can be, and I love clay now."
    2. Joanna, 2026-05-02: "That sounds rough. Did you finish your crossword puzzle?"
"""

from __future__ import annotations

from typing import Any

NOTHING = "No memory matches."
_ENDS = " .!?。！？\n"


def quotable(answer: dict[str, Any]) -> str:
    """The hits of a search answer (`{"results": [...]}`) as numbered lines."""
    results = answer.get("results") or []
    return "\n".join(_line(n, hit) for n, hit in enumerate(results, 1)) or NOTHING


def _line(n: int, hit: dict[str, Any]) -> str:
    turn = hit.get("episode") or {}
    quoted = _quoted(turn)
    memory = str(hit.get("memory") or "")
    if quoted and (hit.get("kind") == "episode" or _same(memory, str(turn.get("body")))):
        return f"{n}. {quoted}{_status(hit)}"
    head = f"{n}. {memory}{_status(hit)}"
    return f"{head}\n   from {quoted}" if quoted else head


def _same(memory: str, body: str) -> bool:
    """A fact that is its turn's words (a turn kept whole as what was said): quoted once."""
    return memory.strip(_ENDS).casefold() == body.strip(_ENDS).casefold()


def _quoted(turn: dict[str, Any]) -> str:
    """`Joanna, 2026-05-02: "the words as said"` (none for a turn without words)."""
    body = str(turn.get("body") or "")
    if not body:
        return ""
    return f'{turn.get("speaker") or "?"}, {str(turn.get("observed_at") or "")[:10]}: "{body}"'


def _status(hit: dict[str, Any]) -> str:
    """What the agent must not miss about a fact: it was superseded or is disputed."""
    notes = [note for note, on in (
        ("superseded", bool(hit.get("superseded_by"))), ("disputed", bool(hit.get("disputed")))
    ) if on]  # fmt: skip
    return f" [{', '.join(notes)}]" if notes else ""
