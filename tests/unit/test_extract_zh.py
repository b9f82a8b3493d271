"""Chinese extraction: the golden cases in tests/golden/extraction/zh, plus behaviour tests.

Each golden file is `{"text", "role", "reference", "expected": [...]}`; the extracted facts
must equal the expected ones as a multiset of (subject, predicate, value, polarity, scope):
an extra or a missing fact fails. `time` and `until` (start date + granularity), `category`,
`fact_type`, `is_correction` and `change` are compared when the expected fact gives them.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from extractors.chinese.extractor import ChineseExtractor
from extractors.chinese.segmenters import get_segmenter, resolve_name
from extractors.schema import SPEAKER, USER, CandidateFact
from graph.domain.enums import Role

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "extraction" / "zh"
CASES = sorted(GOLDEN.glob("*.json"))
REFERENCE = datetime.fromisoformat("2026-11-29T10:00:00+08:00")
JIEBA_CASES = (
    "lives_in",
    "works_at",
    "negation_fused_eat",
    "negation_dislike",
    "graphics_card",
    "owner_project_a",
    "beijing_company_jia",
    "desk_two_facts",
    "version_upgrade",
    "subscription_resubscribed",
    "assistant_saved_file",
    "correction_birthday",
    "fused_preposition_0",
    "fused_preposition_2",
    "fused_preposition_4",
    "split_attitude_0",
)

Key = tuple[str, str, str, int, str]


@pytest.fixture(scope="module")
def extractor() -> ChineseExtractor:
    return ChineseExtractor()


@pytest.fixture(scope="module")
def jieba_extractor() -> ChineseExtractor:
    return ChineseExtractor(segmenter="jieba")


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _run(extractor: ChineseExtractor, case: dict[str, Any]) -> list[CandidateFact]:
    return extractor.extract(
        case["text"], reference=datetime.fromisoformat(case["reference"]), role=Role(case["role"])
    )


def _key(fact: dict[str, Any] | CandidateFact) -> Key:
    if isinstance(fact, CandidateFact):
        return (fact.subject, fact.predicate, fact.value, fact.polarity, fact.scope)
    return (
        fact["subject"],
        fact["predicate"],
        fact["value"],
        fact["polarity"],
        fact.get("scope", ""),
    )


def _mismatches(expected: dict[str, Any], actual: CandidateFact) -> list[str]:
    problems = []
    for name in ("time", "until"):
        if name in expected:
            mention = getattr(actual, name)
            got = mention and (mention.start.date().isoformat(), mention.granularity.value)
            want = expected[name] and (expected[name]["start"], expected[name]["granularity"])
            if got != want:
                problems.append(f"{name} {got} != {want}")
    for name in ("category", "fact_type", "is_correction", "change"):
        if name in expected and getattr(actual, name) != expected[name]:
            problems.append(f"{name} {getattr(actual, name)!r} != {expected[name]!r}")
    return problems


def check_case(extractor: ChineseExtractor, case: dict[str, Any]) -> list[str]:
    """Human-readable differences between the extracted and the expected facts ([] = pass)."""
    facts = _run(extractor, case)
    got, want = Counter(map(_key, facts)), Counter(map(_key, case["expected"]))
    problems = [f"missing {k}" for k in (want - got).elements()]
    problems += [f"extra {k}" for k in (got - want).elements()]
    by_key = {_key(f): f for f in facts}
    for expected in case["expected"]:
        actual = by_key.get(_key(expected))
        if actual is not None:
            problems += [f"{_key(expected)}: {p}" for p in _mismatches(expected, actual)]
    return problems


def test_golden_suite_is_large_enough() -> None:
    assert len(CASES) >= 70


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden(path: Path, extractor: ChineseExtractor) -> None:
    case = _load(path)
    assert check_case(extractor, case) == [], case["text"]


@pytest.mark.parametrize("slug", JIEBA_CASES)
def test_golden_with_jieba_fallback(slug: str, jieba_extractor: ChineseExtractor) -> None:
    (path,) = [p for p in CASES if p.stem.split("_", 1)[1] == slug]
    case = _load(path)
    assert check_case(jieba_extractor, case) == [], case["text"]


def test_deterministic(extractor: ChineseExtractor) -> None:
    text = "我叫王磊，今年32岁，住在成都。上个月我把工位搬到了17楼，把3楼留给了实习生。"
    first = extractor.extract(text, reference=REFERENCE)
    again = ChineseExtractor().extract(text, reference=REFERENCE)
    assert first == again == extractor.extract(text, reference=REFERENCE)
    assert len(first) == 5


@pytest.mark.parametrize(
    "text",
    [
        "我的显卡是什么？",
        "你知道我住在哪里吗",
        "项目A的负责人是谁？",
        "这次迁移花了多少天",
        "用户订阅了吗",
        "我住在哪儿呢？",
    ],
)
def test_questions_yield_no_facts(text: str, extractor: ChineseExtractor) -> None:
    assert extractor.extract(text, reference=REFERENCE) == []


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("我的显卡是RTX 4090", "RTX 4090", "product"),
        ("发票号是INV-2024-001", "INV-2024-001", "code"),
        ("版本从5.8.3升级到5.8.4", "5.8.4", "version"),
        ("服务器地址是https://api.example.com/v1", "https://api.example.com/v1", "url"),
    ],
)
def test_identifiers_stay_whole(
    text: str, value: str, label: str, extractor: ChineseExtractor
) -> None:
    (fact,) = extractor.extract(text, reference=REFERENCE)
    assert fact.value == value
    assert any(e.text == value and e.label == label for e in fact.entities)
    assert text[fact.span[0] : fact.span[1]].endswith(value)


@pytest.mark.parametrize("segmenter", ["pkuseg", "jieba"])
@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("我不吃香菜", "diet", "香菜"),
        ("这个插件不支持Markdown", "supports", "Markdown"),
        ("我没有车", "has", "车"),
        ("我从不喝酒", "diet", "酒"),
    ],
)
def test_fused_negation(segmenter: str, text: str, predicate: str, value: str) -> None:
    extractor = ChineseExtractor(segmenter="jieba" if segmenter == "jieba" else "pkuseg")
    (fact,) = extractor.extract(text, reference=REFERENCE)
    assert (fact.predicate, fact.value, fact.polarity) == (predicate, value, -1)


def test_fact_fields(extractor: ChineseExtractor) -> None:
    text = "好的。请记住我这个项目更喜欢用邮件联系"
    (fact,) = extractor.extract(text, reference=REFERENCE)
    assert fact.language == "zh" and fact.remember_request and fact.confidence >= 0.9
    assert fact.sentence == "我这个项目更喜欢用邮件联系"
    assert text[fact.span[0] : fact.span[1]] == "我这个项目更喜欢用邮件联系"
    assert fact.subject == SPEAKER and fact.category == "preference"


def test_hedges_lower_confidence(extractor: ChineseExtractor) -> None:
    (plain,) = extractor.extract("张三住在上海", reference=REFERENCE)
    (hedged,) = extractor.extract("张三可能住在上海", reference=REFERENCE)
    assert hedged.confidence < plain.confidence


def test_assistant_turn_only_confirmed_actions(extractor: ChineseExtractor) -> None:
    said = extractor.extract("我喜欢Redis", reference=REFERENCE, role=Role.ASSISTANT)
    done = extractor.extract("我已经把文件保存到/tmp/x", reference=REFERENCE, role=Role.ASSISTANT)
    assert said == []
    assert [(f.predicate, f.value, f.category) for f in done] == [("did", "/tmp/x", "action")]


def test_user_placeholder(extractor: ChineseExtractor) -> None:
    (fact,) = extractor.extract("用户已退订", reference=REFERENCE)
    assert (fact.subject, fact.value) == (USER, "cancelled")


def test_empty_and_non_chinese_input(extractor: ChineseExtractor) -> None:
    assert extractor.extract("", reference=REFERENCE) == []
    assert extractor.extract("。。。", reference=REFERENCE) == []


def test_segmenters_are_cached_and_named() -> None:
    assert get_segmenter("jieba") is get_segmenter("jieba")
    assert resolve_name("auto") == "pkuseg"
    assert ChineseExtractor.version == "zh-rules-1"
    with pytest.raises(ValueError, match="unknown segmenter"):
        resolve_name("hanlp")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    ["就是周星驰，我很喜欢他。", "是吴镇宇呀，我最喜欢的一个演员。", "是周杰伦，我超爱他的歌。"],
)
def test_a_bare_copula_names_someone_else_not_the_speaker(
    text: str, extractor: ChineseExtractor
) -> None:
    """就是周星驰 with no subject answers a question (who is your favourite?): the first person
    later in the turn is no subject of it, so the speaker's `name` never comes of it."""
    facts = extractor.extract(text, reference=REFERENCE)
    assert not [f for f in facts if f.predicate == "name"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("我是张三。", "张三"),
        ("我叫李四，在北京工作。", "李四"),
        ("你好，我是王五，是一名老师。", "王五"),
    ],
)
def test_the_speaker_names_themself_with_first_person(
    text: str, name: str, extractor: ChineseExtractor
) -> None:
    facts = extractor.extract(text, reference=REFERENCE)
    assert [(f.subject, f.value) for f in facts if f.predicate == "name"] == [(SPEAKER, name)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("大家好，我是张三。", [(SPEAKER, "name", "张三")]),
        ("各位好，我住在北京。", [(SPEAKER, "lives_in", "北京")]),
        ("你们好啊，我叫李四。", [(SPEAKER, "name", "李四")]),
        ("大家好。", []),
    ],
)
def test_a_greeting_is_no_clause_of_fact(
    text: str, expected: list[tuple[str, str, str]], extractor: ChineseExtractor
) -> None:
    facts = extractor.extract(text, reference=REFERENCE)
    assert [(f.subject, f.predicate, f.value) for f in facts] == expected


@pytest.mark.parametrize(
    ("text", "employer", "job"),
    [
        ("我在腾讯做产品经理。", "腾讯", "产品经理"),
        ("我在阿里巴巴当程序员。", "阿里巴巴", "程序员"),
        ("我上周刚换了工作，现在在腾讯做产品经理。", "腾讯", "产品经理"),
    ],
)
def test_a_job_held_somewhere_is_held_at_that_employer(
    text: str, employer: str, job: str, extractor: ChineseExtractor
) -> None:
    """在X做/当 an occupation: the job and where it is held, as "I work at Globex as a data
    engineer" gives both; 我在家做饭 is no job and names no employer."""
    facts = {(f.predicate, f.value) for f in extractor.extract(text, reference=REFERENCE)}
    assert {("job_title", job), ("works_at", employer)} <= facts
    cooking = extractor.extract("我在家做饭。", reference=REFERENCE)
    assert not [f for f in cooking if f.predicate == "works_at"]
