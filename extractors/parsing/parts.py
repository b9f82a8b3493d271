"""Content parts -> text and media references (stage 1 of the write path, part level).

`parse_content` reads the `content` (or Gemini `parts`) of one message: a string, one part, or
a list of parts in any of the vendor shapes of design text §4.5, and returns the stripped text
parts, the media references and the alerts raised on the way. `extractors.parsing.turns`
builds turns from it.

The no-discard rules, as implemented here:

* Media are never downloaded, opened or decoded for their content. A reference is kept exactly
  as given (http(s) URL, `file://`, local path, `gs://`, provider file id, data: URI). A bare
  base64 payload (Anthropic `base64` source, Gemini inline data, `input_audio`) becomes
  `data:<mime>;base64,<payload>`; Python `bytes` payloads are base64-encoded first.
* A data: reference longer than `max_inline_media_bytes` (counted on the whole reference, in
  UTF-8 bytes) is replaced by the digest reference `data:<mime>;sha256,<hex>;bytes=<n>`, where
  `<hex>` and `<n>` are the SHA-256 and the size of the decoded media bytes (of the raw payload
  text when it is not valid base64), and an `Alert(kind="media_digested")` names the part and the
  size. The payload itself appears nowhere in what is returned.
* A part that is not understood (unknown `type`, or a known type without a usable reference) is
  kept as a `MediaRef` with `shape="unknown"` whose `ref` is a short JSON description (its
  `type` and key names, never its values), with an `Alert(kind="unrecognised_part")`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import quote, unquote_to_bytes

from pydantic import BaseModel, ConfigDict, field_validator

from extractors.parsing.captions import captions
from graph.domain.enums import Modality
from graph.domain.errors import InvalidInput
from graph.domain.model import Alert

MEDIA_KINDS: frozenset[Modality] = frozenset({Modality.IMAGE, Modality.AUDIO, Modality.FILE})
MAX_PART_DEPTH = 4
"""How deep `tool_result` parts may nest other parts."""

_OCTET = "application/octet-stream"
_MIME = re.compile(r"[a-z0-9][a-z0-9!#$&^_.+-]{0,62}/[a-z0-9*][a-z0-9!#$&^_.+*-]{0,62}")
_BASE64 = re.compile(r"[A-Za-z0-9+/_-]*={0,2}")
_REF_PREFIXES = ("data:", "http://", "https://", "file:", "gs://", "s3://", "./", "../", "~/")
_REF_KEYS = ("uri", "path", "file_uri", "fileUri", "file_id")
_TEXT_TYPES = frozenset({"text", "input_text", "output_text"})
_AUDIO_FORMATS = {"mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4"}
_DESCRIPTION_KEYS = 16
_DESCRIPTION_CHARS = 64


class MediaRef(BaseModel):
    """A reference to an image, a sound or a file that came with a turn; never its content.

    `ref` is the URL, path, provider file id or data: URI as given (a bare base64 payload is
    wrapped into a data: URI; an oversize one is replaced by a digest reference, see the module
    docstring). `shape` names the vendor shape it was read from ("openai_image_url",
    "anthropic_image", "gemini_inline", "gemini_file", "input_image", "input_audio", "audio",
    ..., "unknown" for a part that was not understood). `detail` is OpenAI's image detail hint.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Modality
    ref: str
    mime: str | None = None
    shape: str
    detail: str | None = None

    @field_validator("kind")
    @classmethod
    def _media_kind(cls, value: Modality) -> Modality:
        if value not in MEDIA_KINDS:
            raise ValueError("a media reference is an image, audio or a file")
        return value


@dataclass(frozen=True)
class ParsedContent:
    """What one message's content holds: stripped non-empty texts, media, alerts."""

    texts: tuple[str, ...]
    media: tuple[MediaRef, ...]
    alerts: tuple[Alert, ...]


@dataclass(frozen=True)
class _Found:
    """A recognised media part before its reference is finalised."""

    kind: Modality
    shape: str
    ref: str | None = None
    data: str | None = None
    mime: str | None = None
    detail: str | None = None


@dataclass
class _Collector:
    turn: int
    limit: int
    texts: list[str] = field(default_factory=list)
    media: list[MediaRef] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)

    def text(self, value: str) -> None:
        stripped = value.strip()
        if stripped:
            self.texts.append(stripped)

    def found(self, found: _Found, path: str) -> None:
        mime = found.mime
        if found.ref is not None:
            ref = found.ref
            mime = mime or _data_uri_mime(ref)
        else:
            ref = f"data:{mime or _OCTET};base64,{found.data or ''}"
        if ref[:5].lower() == "data:" and len(ref.encode("utf-8")) > self.limit:
            ref = self._digest(ref, mime, found.kind, path)
        self.media.append(
            MediaRef(kind=found.kind, ref=ref, mime=mime, shape=found.shape, detail=found.detail)
        )

    def _digest(self, ref: str, mime: str | None, kind: Modality, path: str) -> str:
        raw = _payload_bytes(ref)
        digest = f"data:{mime or _OCTET};sha256,{hashlib.sha256(raw).hexdigest()};bytes={len(raw)}"
        detail = (
            f"{path}: inline {kind.value} data of {len(raw)} bytes is over the "
            f"{self.limit}-byte inline limit; kept as a sha256 digest reference"
        )
        self.alerts.append(Alert(kind="media_digested", detail=detail, turn=self.turn))
        return digest

    def unknown(self, part: Mapping[str, object], path: str) -> None:
        ref = _describe(part)
        self.media.append(MediaRef(kind=_guess_kind(part), ref=ref, shape="unknown"))
        detail = f"{path}: unrecognised content part {ref}; kept as a reference, not parsed"
        self.alerts.append(Alert(kind="unrecognised_part", detail=detail, turn=self.turn))


def parse_content(content: object, *, path: str, turn: int, limit: int) -> ParsedContent:
    """Parse a message's content (string, one part, or a list of parts).

    `path` names the content field for errors (`messages[0].content`); `turn` is the turn index
    stamped on alerts; `limit` is `max_inline_media_bytes`. Raises `InvalidInput` naming the
    offending field for a content or part of the wrong type.
    """
    collector = _Collector(turn=turn, limit=limit)
    _parse_any(content, path, collector, depth=0)
    return ParsedContent(tuple(collector.texts), tuple(collector.media), tuple(collector.alerts))


def _parse_any(content: object, path: str, col: _Collector, depth: int) -> None:
    if depth > MAX_PART_DEPTH:
        raise InvalidInput(f"{path}: content parts nest too deeply", field=path)
    if isinstance(content, str):
        col.text(content)
    elif isinstance(content, Mapping):
        _parse_part(content, path, col, depth)
    elif isinstance(content, list | tuple):
        for j, part in enumerate(content):
            _parse_part(part, f"{path}[{j}]", col, depth)
    else:
        raise InvalidInput(
            f"{path} must be a string or a list of parts, not {type(content).__name__}",
            field=path,
        )


def _parse_part(part: object, path: str, col: _Collector, depth: int) -> None:
    if isinstance(part, str):
        col.text(part)
        return
    if not isinstance(part, Mapping):
        raise InvalidInput(
            f"{path}: a content part must be an object or a string, not {type(part).__name__}",
            field=path,
        )
    raw_type = part.get("type")
    ptype = raw_type if isinstance(raw_type, str) or raw_type is None else "<not a string>"
    if ptype in _TEXT_TYPES or (ptype is None and "text" in part):
        col.text(_text_value(part.get("text"), f"{path}.text"))
    elif ptype == "refusal":
        col.text(_text_value(part.get("refusal"), f"{path}.refusal"))
    elif ptype == "tool_result" and part.get("content") is not None:
        _parse_any(part.get("content"), f"{path}.content", col, depth + 1)
    else:
        found = _match(part, ptype)
        if found is None:
            col.unknown(part, path)
        else:
            col.found(found, path)
            for caption in captions(part):
                col.text(caption)


def _text_value(value: object, path: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and isinstance(value.get("value"), str):
        return str(value["value"])  # OpenAI Assistants: {"text": {"value": ...}}
    raise InvalidInput(f"{path} must be a string, not {type(value).__name__}", field=path)


def _match(part: Mapping[str, object], ptype: str | None) -> _Found | None:
    if ptype is None:
        return _untyped(part)
    matcher = _TYPED.get(ptype)
    return matcher(part) if matcher is not None else None


# --- vendor shapes ---------------------------------------------------------------------------


def _openai_image_url(part: Mapping[str, object]) -> _Found | None:
    value = part.get("image_url")
    if isinstance(value, Mapping):
        url, detail = _str(value.get("url")), _str(value.get("detail"))
    else:
        url, detail = _str(value), _str(part.get("detail"))
    return _Found(Modality.IMAGE, "openai_image_url", ref=url, detail=detail) if url else None


def _input_image(part: Mapping[str, object]) -> _Found | None:
    value = part.get("image_url")
    url = _str(value.get("url")) if isinstance(value, Mapping) else _str(value)
    detail = _str(part.get("detail"))
    if url:
        return _Found(Modality.IMAGE, "input_image", ref=url, detail=detail)
    file_id = _str(part.get("file_id"))
    if not file_id:
        return None
    return _Found(Modality.IMAGE, "input_image_file", ref=file_id, detail=detail)


def _image_file(part: Mapping[str, object]) -> _Found | None:
    value = part.get("image_file")
    if not isinstance(value, Mapping):
        return None
    file_id, detail = _str(value.get("file_id")), _str(value.get("detail"))
    if not file_id:
        return None
    return _Found(Modality.IMAGE, "openai_image_file", ref=file_id, detail=detail)


def _audio_payload(value: object, shape: str) -> _Found | None:
    """`{"data": <base64>, "format": "wav"}` (OpenAI `input_audio` and friends)."""
    if not isinstance(value, Mapping):
        return None
    data = _payload(value.get("data"))
    if not data:
        return None
    return _from_data(data, Modality.AUDIO, shape, _format_mime(value.get("format")))


def _input_audio(part: Mapping[str, object]) -> _Found | None:
    return _audio_payload(part.get("input_audio"), "input_audio")


def _gemini(part: Mapping[str, object]) -> _Found | None:
    inline = part.get("inline_data", part.get("inlineData"))
    if isinstance(inline, Mapping):
        mime = _clean_mime(_first(inline, "mime_type", "mimeType"))
        data = _payload(inline.get("data"))
        return _from_data(data, _kind_of(mime), "gemini_inline", mime) if data else None
    filed = part.get("file_data", part.get("fileData"))
    if isinstance(filed, Mapping):
        mime = _clean_mime(_first(filed, "mime_type", "mimeType"))
        uri = _str(_first(filed, "file_uri", "fileUri"))
        return _Found(_kind_of(mime), "gemini_file", ref=uri, mime=mime) if uri else None
    return None


def _anthropic_source(source: Mapping[str, object], kind: Modality, shape: str) -> _Found | None:
    stype, mime = source.get("type"), _clean_mime(source.get("media_type"))
    if stype == "base64":
        data = _payload(source.get("data"))
        return _from_data(data, kind, shape, mime) if data else None
    if stype == "url":
        url = _str(source.get("url"))
        return _Found(kind, shape, ref=url, mime=mime) if url else None
    if stype == "file":
        file_id = _str(source.get("file_id"))
        return _Found(kind, f"{shape}_file", ref=file_id, mime=mime) if file_id else None
    text = source.get("data")
    if stype == "text" and isinstance(text, str) and text:
        ref = "data:text/plain;charset=utf-8," + quote(text, safe="")
        return _Found(kind, shape, ref=ref, mime=mime or "text/plain")
    return None


def _typed_media(kind: Modality) -> Callable[[Mapping[str, object]], _Found | None]:
    """`image`/`audio`/`video`/`document`/`file` parts: Anthropic, Gemini or a plain reference.

    The part's type decides the kind; only the generic FILE types are refined by a mime type.
    """

    def match(part: Mapping[str, object]) -> _Found | None:
        ptype = str(part.get("type"))
        source = part.get("source")
        if isinstance(source, Mapping):
            return _anthropic_source(source, kind, f"anthropic_{ptype}")
        mime = _clean_mime(_first(part, "mime_type", "mimeType", "media_type", "mediaType"))
        if kind is Modality.AUDIO:
            mime = mime or _format_mime(part.get("format"))
        actual = kind if kind is not Modality.FILE else _kind_of(mime)
        shape = "gemini_inline" if ptype == "image" else ptype
        if part.get("data") is not None:
            return _ref_or_data(part.get("data"), actual, shape, mime)
        nested = _gemini(part) or _audio_payload(part.get(ptype), ptype)
        if nested is not None:
            return nested
        ref = _str(_first(part, "url", ptype, f"{ptype}_url", *_REF_KEYS))
        return _Found(actual, ptype, ref=ref, mime=mime) if ref else None

    return match


def _file_fields(value: Mapping[str, object], shape: str) -> _Found | None:
    """OpenAI file parts: `file_id`, `file_url` or `file_data` (+ `filename`)."""
    mime = _clean_mime(_first(value, "mime_type", "media_type"))
    ref = _str(_first(value, "file_id", "file_url"))
    if ref:
        return _Found(Modality.FILE, shape, ref=ref, mime=mime)
    data = value.get("file_data")
    return _ref_or_data(data, Modality.FILE, shape, mime) if data is not None else None


def _openai_file(part: Mapping[str, object]) -> _Found | None:
    value = part.get("file")
    if isinstance(value, Mapping):
        return _file_fields(value, "openai_file")
    return _typed_media(Modality.FILE)(part)


def _input_file(part: Mapping[str, object]) -> _Found | None:
    return _file_fields(part, "input_file")


def _untyped(part: Mapping[str, object]) -> _Found | None:
    if "image_url" in part:
        return _openai_image_url(part)
    if "input_audio" in part:
        return _input_audio(part)
    return _gemini(part)


_TYPED: dict[str, Callable[[Mapping[str, object]], _Found | None]] = {
    "image_url": _openai_image_url,
    "input_image": _input_image,
    "image_file": _image_file,
    "input_audio": _input_audio,
    "input_file": _input_file,
    "file": _openai_file,
    "image": _typed_media(Modality.IMAGE),
    "audio": _typed_media(Modality.AUDIO),
    "video": _typed_media(Modality.FILE),
    "document": _typed_media(Modality.FILE),
    "inline_data": _gemini,
    "file_data": _gemini,
}


# --- small helpers ---------------------------------------------------------------------------


def _str(value: object) -> str | None:
    """A non-blank string kept as given, else None."""
    return value if isinstance(value, str) and value.strip() else None


def _first(mapping: Mapping[str, object], *keys: str) -> object:
    for key in keys:
        if mapping.get(key) is not None:
            return mapping[key]
    return None


def _payload(value: object) -> str | None:
    """A base64 payload: a non-blank string as given, or bytes encoded to base64."""
    if isinstance(value, bytes | bytearray):
        return base64.b64encode(bytes(value)).decode("ascii") if value else None
    return _str(value)


def _from_data(data: str, kind: Modality, shape: str, mime: str | None) -> _Found:
    """A payload field: a data: URI already is a reference; anything else is base64."""
    if data[:5].lower() == "data:":
        return _Found(kind, shape, ref=data, mime=mime)
    return _Found(kind, shape, data=data, mime=mime)


def _ref_or_data(value: object, kind: Modality, shape: str, mime: str | None) -> _Found | None:
    """A field that may hold either a reference (URL, path, data: URI) or a base64 payload."""
    text = _payload(value)
    if text is None:
        return None
    if text.lower().startswith(_REF_PREFIXES) or not _looks_base64(text):
        return _Found(kind, shape, ref=text, mime=mime)
    return _Found(kind, shape, data=text, mime=mime)


def _looks_base64(text: str) -> bool:
    compact = "".join(text.split())
    return len(compact) % 4 == 0 and _BASE64.fullmatch(compact) is not None


def _clean_mime(value: object) -> str | None:
    """A plausible `type/subtype` (parameters dropped, lower-cased), else None."""
    if not isinstance(value, str):
        return None
    mime = value.split(";", 1)[0].strip().lower()
    return mime if _MIME.fullmatch(mime) else None


def _data_uri_mime(ref: str) -> str | None:
    if ref[:5].lower() != "data:":
        return None
    return _clean_mime(ref[5:160].split(",", 1)[0])


def _kind_of(mime: str | None) -> Modality:
    if mime is not None and mime.startswith("image/"):
        return Modality.IMAGE
    if mime is not None and mime.startswith("audio/"):
        return Modality.AUDIO
    return Modality.FILE


def _format_mime(fmt: object) -> str | None:
    """An audio format name ("wav", "mp3") as a mime type."""
    if not isinstance(fmt, str) or not fmt.strip():
        return None
    name = fmt.strip().lower()
    return _clean_mime(_AUDIO_FORMATS.get(name, f"audio/{name}"))


def _payload_bytes(ref: str) -> bytes:
    """The media bytes of a data: URI (decoded base64 when valid, else the raw payload text)."""
    header, _, payload = ref.partition(",")
    if ";base64" not in header.lower():
        return unquote_to_bytes(payload)
    compact = "".join(payload.split()).encode("ascii", errors="replace")
    for altchars in (None, b"-_"):
        try:
            return base64.b64decode(compact, altchars=altchars, validate=True)
        except (binascii.Error, ValueError):
            continue
    return payload.encode("utf-8")


def _describe(part: Mapping[str, object]) -> str:
    """A short JSON description of a part: its type and key names, never its values."""
    description: dict[str, object] = {}
    ptype = part.get("type")
    if isinstance(ptype, str):
        description["type"] = ptype[:_DESCRIPTION_CHARS]
    keys = sorted(str(key)[:_DESCRIPTION_CHARS] for key in part)
    description["keys"] = keys[:_DESCRIPTION_KEYS]
    if len(keys) > _DESCRIPTION_KEYS:
        description["more_keys"] = len(keys) - _DESCRIPTION_KEYS
    return json.dumps(description, ensure_ascii=False, sort_keys=True)


def _guess_kind(part: Mapping[str, object]) -> Modality:
    ptype = part.get("type")
    names = [ptype if isinstance(ptype, str) else "", *(str(key) for key in part)]
    words = " ".join(name[:_DESCRIPTION_CHARS] for name in names).lower()
    if "image" in words or "picture" in words or "photo" in words:
        return Modality.IMAGE
    if "audio" in words or "voice" in words or "speech" in words:
        return Modality.AUDIO
    return Modality.FILE
