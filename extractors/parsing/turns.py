"""Stage 1 of the write path: the `add()` input -> turns.

`parse_input` accepts what `POST /v1/memories` accepts in `messages`: a bare string (one user
turn), one message object, or a list of messages (a string in the list is a user turn). A
message is `{"role", "content" | "parts", "timestamp"? | "created_at"?, "name"?, "id"? |
"message_id"?}`; `content` is a string or a list of parts in the OpenAI, Anthropic, Gemini or
Responses shapes (see `extractors.parsing.parts` for the part shapes and the media rules).

Guarantees (design text §4.5, the no-discard principle):

* One turn per message, in input order (`Turn.index` is the position in the input).
* Media are never downloaded or opened; references are kept as given and attach to the turn
  they came with. A turn with media but no text keeps the media modality (IMAGE, AUDIO, FILE or
  MIXED), so "the user sent only an image" can be stored as its own record.
* Nothing is dropped silently: an unrecognised part becomes a `MediaRef(shape="unknown")` with
  an `unrecognised_part` alert; an inline payload over `max_inline_media_bytes` becomes a
  `data:<mime>;sha256,<hex>;bytes=<n>` digest reference with a `media_digested` alert (the
  payload itself is returned nowhere); OpenAI `tool_calls` are not parsed and raise an
  `unrecognised_part` alert.
* Every rejection is an `InvalidInput` (or `InvalidTime`, `PayloadTooLarge`) whose `field`
  names the offending field, e.g. `messages[2].role` or `messages[1].content[0]`.

Timestamps are ISO 8601 strings (a naive time or a bare date means UTC; an explicit offset is
kept), epoch seconds (int or float), or Python `datetime`/`date` objects.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import UTC, date, datetime

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from extractors.parsing.parts import MediaRef, ParsedContent, parse_content
from graph.domain.enums import Modality, Role
from graph.domain.errors import InvalidInput, InvalidTime, PayloadTooLarge
from graph.domain.model import Alert
from graph.domain.timeargs import supported

__all__ = ["ROLE_ALIASES", "MediaRef", "Turn", "parse_input", "parse_timestamp"]

ROLE_ALIASES: Mapping[str, Role] = {
    "user": Role.USER,
    "human": Role.USER,
    "assistant": Role.ASSISTANT,
    "ai": Role.ASSISTANT,
    "bot": Role.ASSISTANT,
    "model": Role.ASSISTANT,
    "system": Role.SYSTEM,
    "developer": Role.SYSTEM,
    "tool": Role.TOOL,
    "function": Role.TOOL,
}
"""Accepted role names (case-insensitive) and the role each one means."""

_ROOT = "messages"
_SHOWN = 40


class Turn(BaseModel):
    """One message of the input, ready for the notary and the extractors.

    `text` is the message's text parts, each stripped of outer whitespace, joined with "\\n".
    `modality` is TEXT when there is any text (or nothing at all), else the kind of the media,
    MIXED when there are several kinds. `alerts` are the parsing alerts of this turn.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(ge=0)
    role: Role
    text: str
    media: tuple[MediaRef, ...] = ()
    modality: Modality = Modality.TEXT
    timestamp: AwareDatetime | None = None
    name: str | None = None
    message_id: str | None = None
    alerts: tuple[Alert, ...] = ()

    @property
    def is_empty(self) -> bool:
        """True when the turn holds neither text nor media."""
        return not self.text and not self.media


def parse_input(
    messages: object, *, max_chars: int = 200_000, max_inline_media_bytes: int = 65_536
) -> list[Turn]:
    """Parse the `messages` of an `add()` into turns, one per message, in order.

    Raises `InvalidInput` (field `messages...`) for empty or malformed input, `InvalidTime` for
    an unreadable timestamp and `PayloadTooLarge(field="messages")` when the total text is over
    `max_chars` characters.
    """
    turns: list[Turn] = []
    total = 0
    for index, (path, raw) in enumerate(_items(messages)):
        turn = _parse_message(raw, index=index, path=path, limit=max_inline_media_bytes)
        total += len(turn.text)
        if total > max_chars:
            raise PayloadTooLarge(
                f"messages hold more than {max_chars} characters of text", field=_ROOT
            )
        turns.append(turn)
    if all(turn.is_empty for turn in turns):
        raise InvalidInput("messages hold no text and no media", field=_ROOT)
    return turns


def _items(messages: object) -> list[tuple[str, object]]:
    """The messages with the field path each one is reported under."""
    if messages is None:
        raise InvalidInput("messages is required", field=_ROOT)
    if isinstance(messages, str | Mapping):
        return [(_ROOT, messages)]
    if isinstance(messages, list | tuple):
        if not messages:
            raise InvalidInput("messages is an empty list", field=_ROOT)
        return [(f"{_ROOT}[{i}]", message) for i, message in enumerate(messages)]
    raise InvalidInput(
        "messages must be a string, a message object or a list of messages, "
        f"not {type(messages).__name__}",
        field=_ROOT,
    )


def _parse_message(raw: object, *, index: int, path: str, limit: int) -> Turn:
    if isinstance(raw, str):
        stripped = raw.strip()
        return Turn(index=index, role=Role.USER, text=stripped)
    if not isinstance(raw, Mapping):
        raise InvalidInput(
            f"{path} must be a message object or a string, not {type(raw).__name__}", field=path
        )
    key, content = _content_of(raw, path)
    parsed = parse_content(content, path=f"{path}.{key}", turn=index, limit=limit)
    text = "\n".join(parsed.texts)
    return Turn(
        index=index,
        role=_role(raw.get("role"), f"{path}.role"),
        text=text,
        media=parsed.media,
        modality=_modality(text, parsed),
        timestamp=_message_time(raw, path),
        name=_name(raw.get("name"), f"{path}.name"),
        message_id=_message_id(raw, path),
        alerts=parsed.alerts + _tool_call_alerts(raw, path, index),
    )


def _content_of(message: Mapping[str, object], path: str) -> tuple[str, object]:
    """Which key holds the content (`content`, or Gemini's `parts`) and its value."""
    for key in ("content", "parts"):
        if message.get(key) is not None:
            return key, message[key]
    if _tool_calls(message):
        return "content", ""
    raise InvalidInput(f"{path} has no content (or parts)", field=f"{path}.content")


def _tool_calls(message: Mapping[str, object]) -> int:
    """How many OpenAI tool/function calls the message carries."""
    calls = message.get("tool_calls")
    count = len(calls) if isinstance(calls, list) else 0
    return count + (1 if message.get("function_call") is not None else 0)


def _tool_call_alerts(message: Mapping[str, object], path: str, index: int) -> tuple[Alert, ...]:
    count = _tool_calls(message)
    if not count:
        return ()
    detail = f"{path}.tool_calls: {count} tool call(s) kept out of the turn text, not parsed"
    return (Alert(kind="unrecognised_part", detail=detail, turn=index),)


def _modality(text: str, parsed: ParsedContent) -> Modality:
    if text or not parsed.media:
        return Modality.TEXT
    kinds = {media.kind for media in parsed.media}
    return kinds.pop() if len(kinds) == 1 else Modality.MIXED


def _role(value: object, path: str) -> Role:
    if value is None:
        return Role.USER
    if not isinstance(value, str):
        raise InvalidInput(f"{path} must be a string, not {type(value).__name__}", field=path)
    role = ROLE_ALIASES.get(value.strip().lower())
    if role is None:
        accepted = ", ".join(sorted(ROLE_ALIASES))
        raise InvalidInput(
            f"{path}: unknown role {value[:_SHOWN]!r} (accepted: {accepted})", field=path
        )
    return role


def _name(value: object, path: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput(f"{path} must be a string, not {type(value).__name__}", field=path)
    return value.strip() or None


def _message_id(message: Mapping[str, object], path: str) -> str | None:
    key = "id" if message.get("id") is not None else "message_id"
    value = message.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise InvalidInput(
            f"{path}.{key} must be a string or an integer, not {type(value).__name__}",
            field=f"{path}.{key}",
        )
    return str(value)


def _message_time(message: Mapping[str, object], path: str) -> datetime | None:
    key = "timestamp" if message.get("timestamp") is not None else "created_at"
    return parse_timestamp(message.get(key), f"{path}.{key}")


def parse_timestamp(value: object, field: str) -> datetime | None:
    """An aware datetime from ISO 8601, epoch seconds or a datetime/date; None stays None.

    A naive time or a bare date means UTC; an explicit offset is kept. Raises `InvalidTime`
    naming `field` for anything else, or for a time outside years 1-9999 in UTC.
    """
    if value is None:
        return None
    return supported(_timestamp(value, field), field=field)


def _timestamp(value: object, field: str) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _from_epoch(value, field)
    if isinstance(value, str):
        return _from_iso(value, field)
    raise InvalidTime(
        f"{field} must be an ISO 8601 string or epoch seconds, not {type(value).__name__}",
        field=field,
    )


def _from_epoch(value: float, field: str) -> datetime:
    try:
        if not math.isfinite(value):
            raise ValueError(value)
        return datetime.fromtimestamp(value, tz=UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise InvalidTime(f"{field}: {value!r} is not a valid epoch time", field=field) from exc


def _from_iso(value: str, field: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise InvalidTime(
            f"{field}: {value[:_SHOWN]!r} is not an ISO 8601 date or time", field=field
        ) from exc
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
