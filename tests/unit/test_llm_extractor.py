"""The optional LLM extractor against a local fake OpenAI-compatible server (tests/support)."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from extractors.llm import MAX_CONFIDENCE, SYSTEM_PROMPT, LLMExtractor
from extractors.schema import SPEAKER, USER, CandidateFact
from graph.domain.enums import FactType, Granularity, Role
from graph.domain.errors import ExtractorError, InvalidTime
from tests.support.fake_llm import FakeLLM, Reply, completion, reply

REFERENCE = datetime(2026, 11, 29, 10, 0, tzinfo=UTC)
KEY = "sk-test-SECRET-0123456789abcdef"
EN = "Last month I moved to Berlin. I work at Acme as a data engineer."
ZH = "我上个月搬到了上海。我喜欢喝咖啡。"


def fact(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "subject": SPEAKER,
        "polarity": 1,
        "scope": "",
        "category": "general",
        "confidence": 0.7,
        "fact_type": "fact",
        "time_text": "",
        "until_text": "",
    }
    return base | fields


def sentence_fact(text: str, sentence: str, **fields: Any) -> dict[str, Any]:
    start = text.index(sentence)
    return fact(sentence=sentence, span=[start, start + len(sentence)], **fields)


@pytest.fixture
def sleeps() -> list[float]:
    return []


_OPEN: list[LLMExtractor] = []


@pytest.fixture
def fake() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server
    while _OPEN:
        _OPEN.pop().close()


def make(fake: FakeLLM, sleeps: list[float], **options: Any) -> LLMExtractor:
    """An extractor on the fake server, closed when the test ends; backoff recorded, not slept."""
    settings: dict[str, Any] = {"model": "test-model", "backoff": 0.01, "sleep": sleeps.append}
    extractor = LLMExtractor(base_url=fake.base_url, **(settings | options))
    _OPEN.append(extractor)
    return extractor


def run(
    fake: FakeLLM, facts: list[dict[str, Any]], text: str = EN, **options: Any
) -> list[CandidateFact]:
    fake.push(reply(facts))
    return make(fake, [], **options).extract(text, reference=REFERENCE)


def by_predicate(facts: list[CandidateFact]) -> dict[str, CandidateFact]:
    return {f.predicate: f for f in facts}


# ---------------------------------------------------------------------- success


def test_english_facts_are_normalised_and_timed(fake: FakeLLM) -> None:
    facts = run(
        fake,
        [
            sentence_fact(
                EN,
                "Last month I moved to Berlin",
                predicate="move to",
                value="Berlin",
                time_text="Last month",
                category="location",
            ),
            sentence_fact(
                EN, "I work at Acme as a data engineer", predicate="works at", value="Acme"
            ),
            sentence_fact(
                EN,
                "I work at Acme as a data engineer",
                predicate="job title",
                value="data engineer",
            ),
        ],
    )
    found = by_predicate(facts)
    assert list(found) == ["lives_in", "works_at", "job_title"]
    lives = found["lives_in"]
    assert (lives.subject, lives.value, lives.polarity, lives.language) == (
        SPEAKER,
        "Berlin",
        1,
        "en",
    )
    assert lives.category == "location"
    assert EN[lives.span[0] : lives.span[1]] == lives.sentence == "Last month I moved to Berlin"
    assert lives.time is not None
    assert lives.time.start == datetime(2026, 10, 1, tzinfo=UTC)
    assert lives.time.end == datetime(2026, 11, 1, tzinfo=UTC)
    assert lives.time.granularity == Granularity.MONTH
    assert found["works_at"].category == "work" and found["works_at"].time is None


def test_chinese_facts(fake: FakeLLM) -> None:
    facts = run(
        fake,
        [
            sentence_fact(
                ZH, "我上个月搬到了上海", predicate="搬到", value="上海", time_text="上个月"
            ),
            sentence_fact(ZH, "我喜欢喝咖啡", predicate="喜欢", value="喝咖啡"),
            sentence_fact(ZH, "我喜欢喝咖啡", subject="用户", predicate="喜欢", value="咖啡"),
        ],
        text=ZH,
    )
    assert [(f.subject, f.predicate, f.value) for f in facts] == [
        (SPEAKER, "lives_in", "上海"),
        (SPEAKER, "likes", "喝咖啡"),
        (USER, "likes", "咖啡"),
    ]
    assert {f.language for f in facts} == {"zh"}
    moved = facts[0]
    assert moved.time is not None and moved.time.text == "上个月"
    assert moved.time.start == datetime(2026, 10, 1, tzinfo=UTC)
    assert moved.time.granularity == Granularity.MONTH
    assert ZH[moved.span[0] : moved.span[1]] == "我上个月搬到了上海"


@pytest.mark.parametrize(
    ("surface", "value", "expected"),
    [
        ("lives_in", "Berlin", ("lives_in", "Berlin")),
        ("Lives in", "Berlin", ("lives_in", "Berlin")),
        ("relocated to", "Berlin", ("lives_in", "Berlin")),
        ("likes", "tea", ("likes", "tea")),
        ("unsubscribe", "", ("subscription_status", "cancelled")),
        ("Collects Stamps", "stamps", ("collects_stamps", "stamps")),
    ],
)
def test_predicates_go_through_the_table(
    fake: FakeLLM, surface: str, value: str, expected: tuple[str, str]
) -> None:
    text = "I moved to Berlin and like tea, unsubscribed, and I collect stamps."
    facts = run(
        fake, [fact(predicate=surface, value=value, sentence=text, span=[0, len(text)])], text=text
    )
    assert [(f.predicate, f.value) for f in facts] == [expected]


def test_category_of_unknown_predicate_comes_from_the_model_only_when_known(fake: FakeLLM) -> None:
    text = "I collect stamps and I juggle."
    facts = run(
        fake,
        [
            fact(
                predicate="collect",
                value="stamps",
                category="Possession",
                sentence=text,
                span=[0, len(text)],
            ),
            fact(
                predicate="juggle",
                value="balls",
                category="circus",
                sentence=text,
                span=[0, len(text)],
            ),
        ],
        text=text,
    )
    assert [f.category for f in facts] == ["possession", "general"]


def test_time_text_is_resolved_by_the_rules_not_the_model(fake: FakeLLM) -> None:
    text = "I lived in Paris until 2023. Since 2020 I work at Acme. I like tea."
    facts = run(
        fake,
        [
            fact(
                predicate="live in",
                value="Paris",
                until_text="until 2023",
                sentence="I lived in Paris until 2023",
            ),
            fact(
                predicate="work at",
                value="Acme",
                time_text="Since 2020",
                sentence="Since 2020 I work at Acme",
            ),
            fact(
                predicate="like",
                value="tea",
                time_text="2026-10-01",  # model-computed: ignored
                sentence="I like tea",
            ),
        ],
        text=text,
    )
    lives, works, likes = facts
    assert lives.time is None and lives.until is not None
    assert (lives.until.start.year, lives.until.role) == (2023, "until")
    assert works.time is not None and works.time.role == "since"
    assert works.time.start == datetime(2020, 1, 1, tzinfo=UTC)
    assert works.time.granularity == Granularity.YEAR
    assert likes.time is None


def test_an_until_expression_given_as_time_text_becomes_until(fake: FakeLLM) -> None:
    text = "I lived in Paris until 2023."
    facts = run(
        fake,
        [fact(predicate="live in", value="Paris", time_text="until 2023", sentence=text[:-1])],
        text=text,
    )
    assert facts[0].time is None and facts[0].until is not None


# ---------------------------------------------------------------------- validation


def test_wrong_spans_are_repaired_or_dropped(
    fake: FakeLLM, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="extractors.llm")
    extractor = make(fake, [])
    fake.push(
        reply(
            [
                fact(
                    predicate="live in",
                    value="Berlin",
                    sentence="Last month I moved to Berlin",
                    span=[40, 55],
                ),  # wrong: found by sentence
                fact(predicate="work at", value="Acme", sentence="(paraphrased)", span=[500, 9]),
                fact(predicate="visit", value="berlin", span=[0, 5]),  # no sentence: by value
                fact(predicate="like", value="tea", sentence="I like tea", span=[0, 10]),  # nowhere
                fact(
                    predicate="job title", value="data engineer", sentence="x", span=[50, 63]
                ),  # ok
            ]
        )
    )
    facts = extractor.extract(EN, reference=REFERENCE)
    spans = [(f.predicate, EN[f.span[0] : f.span[1]]) for f in facts]
    assert spans == [
        ("lives_in", "Last month I moved to Berlin"),
        ("works_at", "I work at Acme as a data engineer"),
        ("visit", "Last month I moved to Berlin"),
        ("job_title", "data engineer"),
    ]
    assert all(EN[f.span[0] : f.span[1]] == f.sentence for f in facts)
    assert extractor.dropped == 1
    assert "dropped: no usable source span" in caplog.text


@pytest.mark.parametrize(
    "bad",
    [
        "not an object",
        {"predicate": "live in", "value": "Berlin", "sentence": "Last month I moved to Berlin"},
        fact(subject="  ", predicate="live in", value="Berlin", sentence="I moved to Berlin"),
        fact(predicate="", value="Berlin", sentence="I moved to Berlin"),
        fact(predicate="live in", value="", sentence="I moved to Berlin"),
        fact(predicate="live in", value=None, sentence="I moved to Berlin"),
        fact(predicate="live in", value="Rome", span="0-5"),
        fact(predicate="live in", value="Rome", span=[True, 5]),
    ],
)
def test_malformed_candidates_are_dropped(fake: FakeLLM, bad: Any) -> None:
    good = fact(predicate="work at", value="Acme", sentence="I work at Acme")
    fake.push(reply([bad, good]))
    extractor = make(fake, [])
    facts = extractor.extract(EN, reference=REFERENCE)
    assert [f.value for f in facts] == ["Acme"]
    assert extractor.dropped == 1


def test_fields_are_coerced(fake: FakeLLM) -> None:
    text = "I don't like tea. Maybe I like coffee. I like milk."
    facts = run(
        fake,
        [
            fact(predicate="like", value="tea", polarity="-1", confidence=1.7, sentence="tea"),
            fact(
                predicate="like",
                value="coffee",
                polarity=0,
                confidence="0.4",
                fact_type="Hypothesis",
                sentence="coffee",
                scope="  Project   A ",
            ),
            fact(
                predicate="like",
                value="milk",
                polarity=False,
                confidence=-3,
                fact_type="rumour",
                sentence="milk",
            ),
            fact(
                subject="I",
                predicate="like",
                value="milk",
                polarity=-5,
                confidence=None,
                sentence="milk",
            ),  # a duplicate once coerced
        ],
        text=text,
    )
    assert [(f.value, f.polarity, f.confidence, f.fact_type) for f in facts] == [
        ("tea", -1, MAX_CONFIDENCE, FactType.FACT),
        ("coffee", 1, 0.4, FactType.HYPOTHESIS),
        ("milk", -1, 0.0, FactType.FACT),
    ]
    assert facts[1].scope == "project a"
    assert all(f.subject == SPEAKER for f in facts)


def test_fenced_json_is_accepted(fake: FakeLLM) -> None:
    body = json.dumps(
        {"facts": [fact(predicate="work at", value="Acme", sentence="I work at Acme")]}
    )
    fake.push(reply(content=f"Here you are:\n```json\n{body}\n```\n"))
    extractor = make(fake, [])
    assert [f.predicate for f in extractor.extract(EN, reference=REFERENCE)] == ["works_at"]


def test_same_response_gives_the_same_facts(fake: FakeLLM) -> None:
    facts = [
        fact(
            predicate="move to",
            value="Berlin",
            time_text="last month",
            sentence="Last month I moved to Berlin",
        )
    ]
    assert run(fake, facts) == run(fake, facts)


def test_empty_text_asks_nothing_and_naive_reference_is_rejected(fake: FakeLLM) -> None:
    extractor = make(fake, [])
    assert extractor.extract("  \n", reference=REFERENCE) == []
    with pytest.raises(InvalidTime):
        extractor.extract(EN, reference=datetime(2026, 11, 29))  # noqa: DTZ001
    assert fake.requests == []


# ---------------------------------------------------------------------- the request


def test_request_shape_and_bearer_key(fake: FakeLLM) -> None:
    run(fake, [], api_key=KEY)
    (request,) = fake.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    body = request.json
    assert body["model"] == "test-model"
    assert body["temperature"] == 0
    assert body["response_format"] == {"type": "json_object"}
    system, user = body["messages"]
    assert system == {"role": "system", "content": SYSTEM_PROMPT}
    assert user["role"] == "user"
    assert REFERENCE.isoformat() in user["content"]
    assert "Speaker role: user" in user["content"] and EN in user["content"]
    assert '"<speaker>"' in SYSTEM_PROMPT and '"<user>"' in SYSTEM_PROMPT


def test_role_is_sent_and_no_authorization_without_key(fake: FakeLLM) -> None:
    fake.push(reply([]))
    extractor = make(fake, [])
    extractor.extract(EN, reference=REFERENCE, role=Role.ASSISTANT)
    (request,) = fake.requests
    assert "authorization" not in request.headers
    assert "Speaker role: assistant" in request.json["messages"][1]["content"]


def test_version_names_the_model(fake: FakeLLM) -> None:
    extractor = make(fake, [], model="qwen2.5-7b")
    assert extractor.version == "llm-1:qwen2.5-7b"
    assert KEY not in repr(make(fake, [], api_key=KEY))


def test_an_injected_client_is_not_closed(fake: FakeLLM) -> None:
    with httpx.Client() as client:
        extractor = make(fake, [], client=client)
        fake.push(reply([fact(predicate="work at", value="Acme", sentence="I work at Acme")]))
        assert extractor.extract(EN, reference=REFERENCE)
        extractor.close()
        assert not client.is_closed


# ---------------------------------------------------------------------- failures


def test_500_then_200_is_retried(fake: FakeLLM, sleeps: list[float]) -> None:
    fake.push(
        (500, {"error": "boom"}),
        (503, "unavailable"),
        reply([fact(predicate="work at", value="Acme", sentence="I work at Acme")]),
    )
    extractor = make(fake, sleeps)
    assert [f.value for f in extractor.extract(EN, reference=REFERENCE)] == ["Acme"]
    assert len(fake.requests) == 3
    assert sleeps == [0.01, 0.02]


def test_429_is_retried(fake: FakeLLM, sleeps: list[float]) -> None:
    fake.push((429, {"error": "slow down"}), reply([]))
    assert make(fake, sleeps).extract(EN, reference=REFERENCE) == []
    assert len(fake.requests) == 2


def test_persistent_500_raises_naming_endpoint_and_status(
    fake: FakeLLM, sleeps: list[float]
) -> None:
    fake.push((500, {"error": "boom"}))
    with pytest.raises(ExtractorError) as caught:
        make(fake, sleeps, max_retries=2).extract(EN, reference=REFERENCE)
    error = caught.value
    assert error.code == "extractor_error"
    assert "HTTP 500" in error.message and f"127.0.0.1:{fake.port}" in error.message
    assert error.details["status"] == 500 and error.details["attempts"] == 3
    assert len(fake.requests) == 3 and len(sleeps) == 2


def test_401_raises_at_once(fake: FakeLLM, sleeps: list[float]) -> None:
    fake.push((401, {"error": {"message": f"bad key {KEY}"}}))
    with pytest.raises(ExtractorError, match="HTTP 401"):
        make(fake, sleeps, api_key=KEY).extract(EN, reference=REFERENCE)
    assert len(fake.requests) == 1 and sleeps == []


def test_timeout_raises(fake: FakeLLM, sleeps: list[float]) -> None:
    fake.push(Reply(200, completion('{"facts": []}'), delay=1.0))
    with pytest.raises(ExtractorError, match="timed out") as caught:
        make(fake, sleeps, timeout=0.2, max_retries=1).extract(EN, reference=REFERENCE)
    assert caught.value.details["attempts"] == 2 and "status" not in caught.value.details


def test_unreachable_endpoint_raises(sleeps: list[float]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    extractor = LLMExtractor(
        base_url=f"http://127.0.0.1:{port}/v1", model="m", api_key=KEY, sleep=sleeps.append
    )
    with pytest.raises(ExtractorError, match=f"127.0.0.1:{port} could not be reached") as caught:
        extractor.extract(EN, reference=REFERENCE)
    extractor.close()
    assert len(sleeps) == 2 and KEY not in str(caught.value)


@pytest.mark.parametrize(
    "answer",
    [
        reply(content="Sure! Berlin and Acme."),  # content is not JSON
        reply(content='{"facts": {"subject": "<speaker>"}}'),  # facts is not a list
        reply(content="[1, 2]"),  # not an object
        Reply(200, "<html>gateway</html>"),  # body is not JSON
        Reply(200, {"choices": []}),  # no choice
        Reply(200, completion("x") | {"choices": [{"message": {"content": None}}]}),
    ],
)
def test_bad_bodies_raise(fake: FakeLLM, answer: Reply) -> None:
    fake.push(answer)
    with pytest.raises(ExtractorError, match=f"127.0.0.1:{fake.port} answered"):
        make(fake, []).extract(EN, reference=REFERENCE)
    assert len(fake.requests) == 1


def test_invalid_base_url() -> None:
    with pytest.raises(ExtractorError):
        LLMExtractor(base_url="ftp://example.org/v1", model="m")


def test_api_key_is_in_no_error_message_or_log(
    fake: FakeLLM, sleeps: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    answers: list[Any] = [
        (401, {"error": KEY}),
        (403, KEY),
        (500, KEY),
        (429, KEY),
        Reply(200, completion('{"facts": []}'), delay=1.0),
        reply(content=f"not json {KEY}"),
        Reply(200, f"<p>{KEY}</p>"),
        reply([fact(predicate=KEY, value="", sentence="x")]),
    ]
    messages: list[str] = []
    for answer in answers:
        fake.script[:] = [answer]
        extractor = make(fake, sleeps, api_key=KEY, timeout=0.2, max_retries=1)
        try:
            extractor.extract(EN, reference=REFERENCE)
        except ExtractorError as error:
            messages += [str(error), error.message, repr(error), json.dumps(error.details)]
    assert len(messages) == 4 * (len(answers) - 1)
    assert all(KEY not in m for m in messages)
    assert all(KEY not in record.getMessage() for record in caplog.records)
    assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in fake.requests)
