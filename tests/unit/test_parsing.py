"""Stage 1 of the write path: `parse_input` turns every accepted input shape into turns."""

from __future__ import annotations

import base64
import contextlib
import hashlib
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractors.parsing.turns import MediaRef, Turn, parse_input, parse_timestamp
from graph.domain.enums import Modality, Role
from graph.domain.errors import InvalidInput, InvalidTime, PayloadTooLarge

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(40))).decode()
JPEG = "/9j/4AAQSkZJRgABAQ=="
WAV = base64.b64encode(b"RIFF\x00\x00\x00\x00WAVEfmt ").decode()


def one(messages: object, **kwargs: Any) -> Turn:
    turns = parse_input(messages, **kwargs)
    assert len(turns) == 1
    return turns[0]


def only_media(messages: object, **kwargs: Any) -> MediaRef:
    turn = one(messages, **kwargs)
    assert len(turn.media) == 1
    return turn.media[0]


def user(*parts: object) -> dict[str, object]:
    return {"role": "user", "content": list(parts)}


# --- plain input -----------------------------------------------------------------------------


def test_bare_string_is_one_user_turn() -> None:
    turn = one("  I live in Berlin.  ")
    assert turn == Turn(index=0, role=Role.USER, text="I live in Berlin.")
    assert turn.modality is Modality.TEXT and turn.media == () and turn.alerts == ()


def test_one_message_dict() -> None:
    turn = one({"role": "assistant", "content": "Noted: you live in Berlin."})
    assert turn.role is Role.ASSISTANT and turn.text == "Noted: you live in Berlin."


def test_message_without_role_is_user() -> None:
    assert one({"content": "hello"}).role is Role.USER


def test_list_of_messages_keeps_order_and_indexes() -> None:
    turns = parse_input(
        [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "I like tea."},
            "And coffee.",
            {"role": "tool", "content": "ok"},
        ]
    )
    assert [t.index for t in turns] == [0, 1, 2, 3]
    assert [t.role for t in turns] == [Role.SYSTEM, Role.USER, Role.USER, Role.TOOL]
    assert turns[2].text == "And coffee."


def test_tuple_of_messages_is_accepted() -> None:
    assert len(parse_input(("a", "b"))) == 2


def test_text_parts_are_stripped_and_joined_with_newlines() -> None:
    turn = one(
        user(
            {"type": "text", "text": "  first line\nsecond line  "},
            {"type": "input_text", "text": "\tthird "},
            "  fourth  ",
            {"type": "text", "text": "   "},
        )
    )
    assert turn.text == "first line\nsecond line\nthird\nfourth"


def test_assistants_api_text_value() -> None:
    assert one(user({"type": "text", "text": {"value": "hi", "annotations": []}})).text == "hi"


def test_output_text_and_refusal_parts_are_text() -> None:
    turn = one(
        {
            "role": "assistant",
            "content": [
                {"type": "output_text", "text": "Done."},
                {"type": "refusal", "refusal": "I can't share that."},
            ],
        }
    )
    assert turn.text == "Done.\nI can't share that."


def test_content_as_single_part_object() -> None:
    assert one({"role": "user", "content": {"type": "text", "text": "solo"}}).text == "solo"


@pytest.mark.parametrize(
    ("given_role", "expected"),
    [
        ("user", Role.USER),
        ("human", Role.USER),
        ("Human", Role.USER),
        ("assistant", Role.ASSISTANT),
        ("ai", Role.ASSISTANT),
        ("bot", Role.ASSISTANT),
        ("model", Role.ASSISTANT),
        ("system", Role.SYSTEM),
        ("developer", Role.SYSTEM),
        ("tool", Role.TOOL),
        ("function", Role.TOOL),
    ],
)
def test_role_aliases(given_role: str, expected: Role) -> None:
    assert one({"role": given_role, "content": "x"}).role is expected


def test_name_and_message_ids() -> None:
    turns = parse_input(
        [
            {"role": "user", "content": "a", "name": " alice ", "id": "m-1"},
            {"role": "user", "content": "b", "message_id": 42},
        ]
    )
    assert (turns[0].name, turns[0].message_id) == ("alice", "m-1")
    assert (turns[1].name, turns[1].message_id) == (None, "42")


# --- timestamps ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-05-01T10:00:00Z", datetime(2024, 5, 1, 10, tzinfo=UTC)),
        (
            "2024-05-01T10:00:00+02:00",
            datetime(2024, 5, 1, 10, tzinfo=timezone(timedelta(hours=2))),
        ),
        ("2024-05-01T10:00:00", datetime(2024, 5, 1, 10, tzinfo=UTC)),
        ("2024-05-01", datetime(2024, 5, 1, tzinfo=UTC)),
        (1714557600, datetime(2024, 5, 1, 10, tzinfo=UTC)),
        (1714557600.5, datetime(2024, 5, 1, 10, 0, 0, 500000, tzinfo=UTC)),
        (
            datetime(2024, 5, 1, 10, tzinfo=UTC).replace(tzinfo=None),
            datetime(2024, 5, 1, 10, tzinfo=UTC),
        ),
        (date(2024, 5, 1), datetime(2024, 5, 1, tzinfo=UTC)),
    ],
)
def test_timestamps(value: object, expected: datetime) -> None:
    turn = one({"role": "user", "content": "x", "timestamp": value})
    assert turn.timestamp == expected
    assert turn.timestamp is not None and turn.timestamp.tzinfo is not None
    assert turn.timestamp.utcoffset() == expected.utcoffset()


def test_created_at_is_a_timestamp_too() -> None:
    turn = one({"role": "user", "content": "x", "created_at": "2024-05-01T10:00:00Z"})
    assert turn.timestamp == datetime(2024, 5, 1, 10, tzinfo=UTC)


def test_no_timestamp_is_none() -> None:
    assert one("x").timestamp is None and parse_timestamp(None, "f") is None


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("timestamp", "yesterday"),
        ("timestamp", "2024-13-01"),
        ("timestamp", ""),
        ("timestamp", True),
        ("timestamp", [2024]),
        ("timestamp", float("nan")),
        ("timestamp", 10**20),
        ("created_at", "not a date"),
    ],
)
def test_invalid_timestamps_name_the_field(key: str, value: object) -> None:
    with pytest.raises(InvalidTime) as info:
        parse_input(["ok", {"role": "user", "content": "x", key: value}])
    assert info.value.field == f"messages[1].{key}"
    assert info.value.details["field"] == f"messages[1].{key}"


# --- images: the three vendor shapes and friends ----------------------------------------------


def test_design_text_example() -> None:
    turn = one(
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "My new desk."},
                    {"type": "image_url", "image_url": {"url": "https://example.com/desk.jpg"}},
                ],
            }
        ]
    )
    assert turn.text == "My new desk."
    assert turn.modality is Modality.TEXT
    assert turn.media == (
        MediaRef(kind=Modality.IMAGE, ref="https://example.com/desk.jpg", shape="openai_image_url"),
    )
    assert turn.alerts == ()


def test_all_three_vendor_image_shapes_in_one_list() -> None:
    turns = parse_input(
        [
            user(
                {"type": "text", "text": "Frontend (OpenAI)."},
                {"type": "image_url", "image_url": {"url": "https://cdn.x/a.png", "detail": "low"}},
            ),
            user(
                {"type": "text", "text": "Backend (Anthropic)."},
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/png", "data": PNG},
                },
            ),
            {
                "role": "user",
                "parts": [
                    {"text": "Batch (Gemini)."},
                    {"inline_data": {"mime_type": "image/jpeg", "data": JPEG}},
                ],
            },
        ]
    )
    assert [t.text for t in turns] == [
        "Frontend (OpenAI).",
        "Backend (Anthropic).",
        "Batch (Gemini).",
    ]
    openai, anthropic, gemini = (t.media[0] for t in turns)
    assert (openai.shape, openai.ref, openai.detail) == (
        "openai_image_url",
        "https://cdn.x/a.png",
        "low",
    )
    assert (anthropic.shape, anthropic.ref, anthropic.mime) == (
        "anthropic_image",
        f"data:image/png;base64,{PNG}",
        "image/png",
    )
    assert (gemini.shape, gemini.ref, gemini.mime) == (
        "gemini_inline",
        f"data:image/jpeg;base64,{JPEG}",
        "image/jpeg",
    )
    assert all(t.media[0].kind is Modality.IMAGE and len(t.media) == 1 for t in turns)


def test_image_url_as_plain_string() -> None:
    ref = only_media(user({"type": "image_url", "image_url": "https://x/y.gif"}))
    assert (ref.kind, ref.ref, ref.shape) == (Modality.IMAGE, "https://x/y.gif", "openai_image_url")


def test_openai_data_uri_is_kept_as_given() -> None:
    uri = f"data:image/png;base64,{PNG}"
    ref = only_media(user({"type": "image_url", "image_url": {"url": uri}}))
    assert ref.ref == uri and ref.mime == "image/png"


def test_responses_input_image_url_and_file_id() -> None:
    turn = one(
        user(
            {"type": "input_image", "image_url": "https://x/1.png", "detail": "high"},
            {"type": "input_image", "file_id": "file-abc123"},
        )
    )
    first, second = turn.media
    assert (first.shape, first.ref, first.detail) == ("input_image", "https://x/1.png", "high")
    assert (second.shape, second.ref, second.kind) == (
        "input_image_file",
        "file-abc123",
        Modality.IMAGE,
    )


def test_anthropic_url_image_and_file_source() -> None:
    turn = one(
        user(
            {"type": "image", "source": {"type": "url", "url": "https://x/2.webp"}},
            {"type": "image", "source": {"type": "file", "file_id": "file_011"}},
        )
    )
    assert [(m.shape, m.ref) for m in turn.media] == [
        ("anthropic_image", "https://x/2.webp"),
        ("anthropic_image_file", "file_011"),
    ]


def test_anthropic_documents_are_files() -> None:
    turn = one(
        user(
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"},
            },
            {"type": "document", "source": {"type": "url", "url": "https://x/report.pdf"}},
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": "a b"},
            },
        )
    )
    assert all(m.kind is Modality.FILE and m.shape == "anthropic_document" for m in turn.media)
    assert [m.ref for m in turn.media] == [
        "data:application/pdf;base64,JVBERi0x",
        "https://x/report.pdf",
        "data:text/plain;charset=utf-8,a%20b",
    ]
    assert turn.modality is Modality.FILE


def test_gemini_camel_case_inline_and_file_data() -> None:
    turn = one(
        {
            "role": "model",
            "parts": [
                {"inlineData": {"mimeType": "image/png", "data": PNG}},
                {"fileData": {"fileUri": "gs://bucket/cat.mp4", "mimeType": "video/mp4"}},
                {
                    "file_data": {
                        "file_uri": "https://generativelanguage.googleapis.com/v1/files/x",
                        "mime_type": "image/jpeg",
                    }
                },
            ],
        }
    )
    assert turn.role is Role.ASSISTANT
    assert [(m.kind, m.shape, m.ref) for m in turn.media] == [
        (Modality.IMAGE, "gemini_inline", f"data:image/png;base64,{PNG}"),
        (Modality.FILE, "gemini_file", "gs://bucket/cat.mp4"),
        (Modality.IMAGE, "gemini_file", "https://generativelanguage.googleapis.com/v1/files/x"),
    ]
    assert turn.modality is Modality.MIXED


def test_gemini_inline_bytes_payload_is_base64_encoded() -> None:
    ref = only_media({"parts": [{"inline_data": {"mime_type": "image/png", "data": b"\x89PNG"}}]})
    assert ref.ref == "data:image/png;base64," + base64.b64encode(b"\x89PNG").decode()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (JPEG, f"data:application/octet-stream;base64,{JPEG}"),  # JPEG base64 starts with "/"
        ("https://example.com/desk.jpg", "https://example.com/desk.jpg"),
        ("/home/alice/desk.jpg", "/home/alice/desk.jpg"),
        ("file:///tmp/desk.jpg", "file:///tmp/desk.jpg"),
        (f"data:image/png;base64,{PNG}", f"data:image/png;base64,{PNG}"),
    ],
)
def test_design_text_image_data_part(data: str, expected: str) -> None:
    ref = only_media(user({"type": "text", "text": "look"}, {"type": "image", "data": data}))
    assert (ref.kind, ref.shape, ref.ref) == (Modality.IMAGE, "gemini_inline", expected)


def test_design_text_image_data_with_mime() -> None:
    ref = only_media(user({"type": "image", "data": PNG, "mime_type": "image/png"}))
    assert ref.ref == f"data:image/png;base64,{PNG}" and ref.mime == "image/png"


def test_openai_file_parts() -> None:
    turn = one(
        user(
            {"type": "file", "file": {"file_id": "file-1", "filename": "a.pdf"}},
            {"type": "input_file", "file_url": "https://x/b.pdf"},
            {"type": "input_file", "file_data": "data:application/pdf;base64,JVBERi0x"},
            {"type": "image_file", "image_file": {"file_id": "file-2", "detail": "auto"}},
        )
    )
    assert [(m.kind, m.shape, m.ref) for m in turn.media] == [
        (Modality.FILE, "openai_file", "file-1"),
        (Modality.FILE, "input_file", "https://x/b.pdf"),
        (Modality.FILE, "input_file", "data:application/pdf;base64,JVBERi0x"),
        (Modality.IMAGE, "openai_image_file", "file-2"),
    ]


# --- image-only and media-only turns ----------------------------------------------------------


def test_image_only_turn_keeps_image_modality() -> None:
    turns = parse_input(
        [
            {"role": "user", "content": "Here is my license."},
            user({"type": "image_url", "image_url": {"url": "https://x/license.jpg"}}),
        ]
    )
    assert turns[1].text == "" and turns[1].modality is Modality.IMAGE
    assert turns[1].media[0].ref == "https://x/license.jpg"
    assert not turns[1].is_empty


def test_text_and_image_modality_is_text() -> None:
    turn = one(user("caption", {"type": "image_url", "image_url": "https://x/1.png"}))
    assert turn.modality is Modality.TEXT and len(turn.media) == 1


def test_image_and_audio_without_text_is_mixed() -> None:
    turn = one(
        user(
            {"type": "image_url", "image_url": "https://x/1.png"},
            {"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}},
        )
    )
    assert turn.modality is Modality.MIXED


# --- audio -----------------------------------------------------------------------------------


def test_openai_input_audio() -> None:
    turn = one(user({"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}}))
    assert turn.modality is Modality.AUDIO
    assert turn.media == (
        MediaRef(
            kind=Modality.AUDIO,
            ref=f"data:audio/wav;base64,{WAV}",
            mime="audio/wav",
            shape="input_audio",
        ),
    )


def test_mp3_input_audio_mime() -> None:
    ref = only_media(user({"type": "input_audio", "input_audio": {"data": WAV, "format": "mp3"}}))
    assert ref.mime == "audio/mpeg" and ref.ref.startswith("data:audio/mpeg;base64,")


@pytest.mark.parametrize(
    ("part", "expected_ref"),
    [
        ({"type": "audio", "url": "https://x/voice.ogg"}, "https://x/voice.ogg"),
        ({"type": "audio", "data": WAV, "mime_type": "audio/wav"}, f"data:audio/wav;base64,{WAV}"),
        ({"type": "audio", "data": WAV, "format": "wav"}, f"data:audio/wav;base64,{WAV}"),
        (
            {"type": "audio", "audio": {"data": WAV, "format": "wav"}},
            f"data:audio/wav;base64,{WAV}",
        ),
        ({"type": "audio", "source": {"type": "url", "url": "https://x/a.mp3"}}, "https://x/a.mp3"),
    ],
)
def test_generic_audio_parts(part: dict[str, object], expected_ref: str) -> None:
    ref = only_media(user(part))
    assert ref.kind is Modality.AUDIO and ref.ref == expected_ref


def test_gemini_inline_audio_by_mime() -> None:
    turn = one(
        {"role": "user", "parts": [{"inline_data": {"mime_type": "audio/ogg", "data": WAV}}]}
    )
    assert turn.modality is Modality.AUDIO and turn.media[0].shape == "gemini_inline"


# --- oversize inline data --------------------------------------------------------------------


def test_oversize_data_uri_is_digested_and_the_payload_is_gone() -> None:
    raw = bytes(range(256)) * 400  # 102_400 bytes
    payload = base64.b64encode(raw).decode()
    turn = one(
        user(
            {"type": "text", "text": "big picture"},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{payload}"}},
        )
    )
    (ref,) = turn.media
    assert ref.ref == f"data:image/png;sha256,{hashlib.sha256(raw).hexdigest()};bytes={len(raw)}"
    assert ref.kind is Modality.IMAGE and ref.mime == "image/png"
    (alert,) = turn.alerts
    assert alert.kind == "media_digested" and alert.turn == 0
    assert "messages.content[1]" in alert.detail and str(len(raw)) in alert.detail
    dumped = turn.model_dump_json()
    assert payload not in dumped and payload[:64] not in dumped


def test_oversize_bare_payload_is_digested() -> None:
    raw = b"\x00" * 70_000
    payload = base64.b64encode(raw).decode()
    turn = one(user({"type": "input_audio", "input_audio": {"data": payload, "format": "wav"}}))
    assert turn.media[0].ref == (
        f"data:audio/wav;sha256,{hashlib.sha256(raw).hexdigest()};bytes={len(raw)}"
    )
    assert [a.kind for a in turn.alerts] == ["media_digested"]
    assert payload[:64] not in turn.model_dump_json()


def test_inline_limit_is_configurable() -> None:
    small = one(user({"type": "image", "data": PNG, "mime_type": "image/png"}))
    assert small.alerts == ()
    digested = one(
        user({"type": "image", "data": PNG, "mime_type": "image/png"}), max_inline_media_bytes=16
    )
    assert digested.media[0].ref.startswith("data:image/png;sha256,")
    assert digested.alerts[0].kind == "media_digested"


def test_long_urls_are_not_digested() -> None:
    url = "https://x/" + "a" * 100
    assert (
        only_media(user({"type": "image_url", "image_url": url}), max_inline_media_bytes=16).ref
        == url
    )


# --- unrecognised parts ----------------------------------------------------------------------


def test_unknown_part_type_is_kept_with_an_alert() -> None:
    turn = one(user("caption", {"type": "hologram", "payload": "x" * 10_000, "id": 3}))
    (ref,) = turn.media
    assert ref.shape == "unknown" and ref.kind is Modality.FILE
    assert '"hologram"' in ref.ref and '"payload"' in ref.ref and len(ref.ref) < 200
    assert "x" * 50 not in ref.ref
    (alert,) = turn.alerts
    assert alert.kind == "unrecognised_part" and alert.turn == 0
    assert "messages.content[1]" in alert.detail


def test_dict_without_anything_understood_is_kept() -> None:
    turn = one(user({"foo": 1, "bar": [1, 2]}))
    assert turn.media[0].shape == "unknown" and turn.modality is Modality.FILE
    assert turn.alerts[0].kind == "unrecognised_part"


def test_known_type_without_reference_is_kept_as_unknown_with_best_guess_kind() -> None:
    turn = one(user({"type": "image_url", "image_url": {}}, {"type": "voice_note"}))
    assert [(m.shape, m.kind) for m in turn.media] == [
        ("unknown", Modality.IMAGE),
        ("unknown", Modality.AUDIO),
    ]
    assert [a.kind for a in turn.alerts] == ["unrecognised_part", "unrecognised_part"]


def test_tool_result_content_is_read_and_tool_use_is_flagged() -> None:
    turns = parse_input(
        [
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "42 km"}],
            },
        ]
    )
    assert turns[0].alerts[0].kind == "unrecognised_part"
    assert turns[1].text == "42 km" and turns[1].alerts == ()


def test_openai_tool_call_message_is_an_empty_turn_with_an_alert() -> None:
    turns = parse_input(
        [
            "What's the weather?",
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "c1", "type": "function"}],
            },
        ]
    )
    assert turns[1].is_empty and turns[1].role is Role.ASSISTANT
    assert turns[1].alerts[0].kind == "unrecognised_part" and turns[1].alerts[0].turn == 1


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("messages", "field"),
    [
        (None, "messages"),
        ("", "messages"),
        ("   \n\t ", "messages"),
        ([], "messages"),
        ([{"role": "user", "content": ""}, {"role": "user", "content": [" "]}], "messages"),
        ({"role": "user", "content": []}, "messages"),
        (42, "messages"),
        (b"bytes", "messages"),
        (["ok", 7], "messages[1]"),
        (["ok", ["nested"]], "messages[1]"),
        ([{"role": "user", "content": 3}], "messages[0].content"),
        ({"role": "user", "content": 3.5}, "messages.content"),
        ([{"role": "user"}], "messages[0].content"),
        (["ok", {"role": "user", "content": None}], "messages[1].content"),
        ([user("ok", 5)], "messages[0].content[1]"),
        ([user("ok", None)], "messages[0].content[1]"),
        ([{"role": "user", "parts": [{"text": 5}]}], "messages[0].parts[0].text"),
        ([user({"type": "text", "text": None})], "messages[0].content[0].text"),
        (["a", "b", {"role": "wizard", "content": "x"}], "messages[2].role"),
        ([{"role": 1, "content": "x"}], "messages[0].role"),
        ([{"role": "user", "content": "x", "name": 5}], "messages[0].name"),
        ([{"role": "user", "content": "x", "id": [1]}], "messages[0].id"),
        ([{"role": "user", "content": "x", "message_id": True}], "messages[0].message_id"),
    ],
)
def test_invalid_input_names_the_field(messages: object, field: str) -> None:
    with pytest.raises(InvalidInput) as info:
        parse_input(messages)
    assert type(info.value) is InvalidInput
    assert info.value.field == field


def test_unknown_role_message_lists_the_accepted_roles() -> None:
    with pytest.raises(InvalidInput, match="developer"):
        parse_input({"role": "narrator", "content": "x"})


def test_too_much_text_is_payload_too_large() -> None:
    with pytest.raises(PayloadTooLarge) as info:
        parse_input(["a" * 60, "b" * 60], max_chars=100)
    assert info.value.field == "messages"
    assert len(parse_input(["a" * 50, "b" * 50], max_chars=100)) == 2


def test_bare_string_over_the_limit() -> None:
    with pytest.raises(PayloadTooLarge) as info:
        parse_input("x" * 200_001)
    assert info.value.field == "messages"
    assert one("  " + "x" * 200 + "  ", max_chars=200).text == "x" * 200


def test_nesting_is_bounded() -> None:
    part: dict[str, object] = {"type": "text", "text": "deep"}
    for _ in range(10):
        part = {"type": "tool_result", "content": [part]}
    with pytest.raises(InvalidInput) as info:
        parse_input(user(part))
    assert info.value.field is not None and info.value.field.startswith("messages.content[0]")


def test_errors_never_escape_as_bare_exceptions() -> None:
    weird: list[object] = [object(), {1: 2}, {"role": "user", "content": [{"type": 5}]}, set()]
    for value in weird:
        with contextlib.suppress(InvalidInput):
            parse_input(value)


# --- property: nothing is dropped ------------------------------------------------------------

_words = st.text(alphabet="abcdefghij klmnop\nQRSTU 0123456789.,", min_size=1, max_size=40)
_texts = _words.map(str.strip).filter(bool)
_urls = st.from_regex(r"https://example\.com/[a-z0-9]{1,12}\.(png|jpg|wav|pdf)", fullmatch=True)
_payloads = st.binary(min_size=1, max_size=48).map(lambda b: base64.b64encode(b).decode())


def _text_part(text: str, variant: int) -> object:
    return [
        text,
        {"type": "text", "text": text},
        {"type": "input_text", "text": text},
        {"text": text},
    ][variant]


def _url_part(url: str, variant: int) -> object:
    return [
        {"type": "image_url", "image_url": {"url": url}},
        {"type": "image_url", "image_url": url},
        {"type": "input_image", "image_url": url},
        {"type": "image", "source": {"type": "url", "url": url}},
        {"type": "document", "source": {"type": "url", "url": url}},
        {"file_data": {"file_uri": url, "mime_type": "image/png"}},
        {"type": "image", "data": url},
        {"type": "audio", "url": url},
    ][variant]


def _payload_part(data: str, variant: int) -> object:
    return [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}},
        {"inline_data": {"mime_type": "image/jpeg", "data": data}},
        {"inlineData": {"mimeType": "audio/wav", "data": data}},
        {"type": "input_audio", "input_audio": {"data": data, "format": "wav"}},
        {"type": "image", "data": data, "mime_type": "image/png"},
    ][variant]


_parts = st.one_of(
    st.tuples(st.just("text"), _texts, st.integers(0, 3)),
    st.tuples(st.just("url"), _urls, st.integers(0, 7)),
    st.tuples(st.just("payload"), _payloads, st.integers(0, 4)),
)
_message_specs = st.lists(
    st.tuples(
        st.sampled_from(["user", "assistant", "human", "model", "system", "tool", "ai"]),
        st.lists(_parts, min_size=1, max_size=5),
        st.booleans(),
    ),
    min_size=1,
    max_size=6,
)


def _build(spec: tuple[str, list[tuple[str, str, int]], bool]) -> dict[str, object]:
    role, parts, gemini = spec
    built: list[object] = []
    for kind, value, variant in parts:
        if kind == "text":
            built.append(_text_part(value, variant))
        elif kind == "url":
            built.append(_url_part(value, variant))
        else:
            built.append(_payload_part(value, variant))
    return {"role": role, "parts" if gemini else "content": built}


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(_message_specs)
def test_property_nothing_is_dropped(
    specs: list[tuple[str, list[tuple[str, str, int]], bool]],
) -> None:
    messages = [_build(spec) for spec in specs]
    turns = parse_input(messages)
    assert len(turns) == len(messages)
    for turn, (_, parts, _) in zip(turns, specs, strict=True):
        refs = [media.ref for media in turn.media]
        media_given = [value for kind, value, _ in parts if kind != "text"]
        assert len(refs) == len(media_given)
        assert turn.alerts == ()
        for kind, value, _ in parts:
            if kind == "text":
                assert value in turn.text
            elif kind == "url":
                assert value in refs
            else:
                assert any(
                    ref.startswith("data:") and ref.endswith(f";base64,{value}") for ref in refs
                )


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
    | st.binary(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "role",
                    "content",
                    "parts",
                    "type",
                    "text",
                    "image_url",
                    "url",
                    "source",
                    "data",
                    "inline_data",
                    "file_data",
                    "input_audio",
                    "timestamp",
                    "id",
                    "name",
                    "detail",
                    "mime_type",
                    "media_type",
                    "format",
                    "file_id",
                    "tool_calls",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_json)
def test_property_any_input_parses_or_raises_invalid_input(value: object) -> None:
    try:
        turns = parse_input(value)
    except InvalidInput as error:
        assert error.field is not None and error.field.startswith("messages")
    else:
        assert turns and not all(turn.is_empty for turn in turns)


def test_part_with_a_non_string_type_is_kept_as_unknown() -> None:
    turn = one(user("caption", {"type": ["image"], "url": "https://x/1.png"}))
    assert turn.media[0].shape == "unknown" and turn.alerts[0].kind == "unrecognised_part"
