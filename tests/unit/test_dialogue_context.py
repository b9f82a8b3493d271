"""Golden cases for the dialogue-context classes of bench.about's misses (issue 37): who a
sentence is about when the conversation, not the sentence, says it. Each case failed on the
extractor before these rules (ca2a399) unless marked as a guard.

* topic switch: a class noun (影片, 这部电影) takes the most recent work, not an older one that
  was introduced with the noun; a person named as a relation's value (导演是X, 由X执导) is what
  the next 他 means; a list of values (主演有A、B和C, 周边有X、Y) does not take the topic from
  what it is said of;
* introductions: a name brought under discussion by 叫X的地方 or X这部…的电影, a title's whole
  name (《poker face》这首歌 is "poker face", not "face"), a name holding 都 (京都第一瀑);
* answer-to-question pairs: a Chinese question asked only by its question mark (门票是多钱啊？,
  电话你能告诉我一下不？) is a question, so the next turn's bare value answers it;
* the speaker-default rule: an attribute without an owner is the user's context only when
  nobody else is under discussion (item 2 of the issue); else it is the topic's.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.rules import RuleExtractor
from extractors.schema import SPEAKER, USER, Job

REF = datetime(2024, 1, 1, tzinfo=UTC)


def last(*turns: str) -> list[tuple[str, str, str]]:
    jobs = [Job(t, REF, conversation="c") for t in turns]
    reading = RuleExtractor().read_turns(jobs)[-1]
    return [(f.subject, f.predicate, f.value) for f in reading.facts if f.category != "verbatim"]


def test_a_class_noun_takes_the_most_recent_work() -> None:
    found = last(
        "你知道《泰坦尼克号》这部电影吗？",
        "詹姆斯·卡梅隆的代表作有泰坦尼克号和阿凡达。",
        "我最喜欢《阿凡达》。",
        "影片上映于2009年12月16日。",
    )
    assert found == [("阿凡达", "release_date", "2009年12月16日")]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            (
                "你知道《告白》吗？",
                "主演有松隆子、桥本爱和西井幸人。",
                "这是由中岛哲也执导的影片。",
                "他出生于日本福冈县。",
            ),
            ("中岛哲也", "birthplace", "日本福冈县"),
        ),
        (  # guard: English keeps a sentence's subject the most salient referent already
            (
                "Do you know the film Confessions?",
                "It stars Takako Matsu, Ai Hashimoto and Yukito Nishii.",
                "It was released in 2010.",
            ),
            ("Confessions", "release_date", "2010"),
        ),
    ],
)
def test_the_topic_moves_to_a_named_value_not_to_a_list(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_a_list_of_places_keeps_the_place_it_is_said_of() -> None:
    found = last(
        "法源寺你去过吗？", "它周边有天安门广场、天坛和前门大街。", "它的开放时间是8:30-16:00。"
    )
    assert found == [("法源寺", "opening_hours", "8:30-16:00")]


def test_a_by_phrase_is_no_genre() -> None:
    found = last("你知道《告白》吗？", "这是由中岛哲也执导的影片。")
    assert found == [("告白", "directed_by", "中岛哲也")]


def test_a_list_value_drops_its_lead_in() -> None:
    found = last("你知道《告白》吗？", "主演主要有松隆子，桥本爱。")
    assert ("告白", "starring", "松隆子") in found
    assert all(f[0] != "主演" and not f[2].startswith("主要") for f in found)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ("我看过告白这部2010年上映的电影。", "它的导演是中岛哲也。"),
            ("告白", "directed_by", "中岛哲也"),
        ),
        (
            (
                "你好，我想去一个叫中国消防博物馆的地方，你知道吗？",
                "这个景点在哪里？",
                "北京市西城区广安门南街70号。",
            ),
            ("中国消防博物馆", "located_at", "北京市西城区广安门南街70号"),
        ),
        (  # guard: English introduced it so before
            (
                "I want to visit a museum called the Fire Museum.",
                "Where is it?",
                "It is located at 70 Guanganmen Street.",
            ),
            ("the Fire Museum", "located_at", "70 Guanganmen Street"),
        ),
    ],
)
def test_a_name_introduced_with_its_class_is_under_discussion(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_a_title_is_its_whole_name() -> None:
    found = last("知道《poker face》这首歌吗？", "知道，它是2008年发行的。")
    subjects = {f[0] for f in found} - {SPEAKER}
    assert subjects == {"poker face"}


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ("你去过京都第一瀑吗？", "那门票也不能贵了吧？", "30元，倒还可以。"),
            ("京都第一瀑", "price", "30元"),
        ),
        (("法源寺你去过吗？", "门票是多钱啊？", "40元。"), ("法源寺", "price", "40元")),
        (
            ("你知道清华大学吗？", "电话你能告诉我一下不？", "010-62793001。"),
            ("清华大学", "phone", "010-62793001"),
        ),
        (  # guard: an English question is one sentence with its question mark
            ("Have you been to the Vasa Museum?", "How much is a ticket?", "It costs 40 dollars."),
            ("the Vasa Museum", "cost", "40 dollars"),
        ),
    ],
)
def test_an_answer_fills_a_question_asked_only_by_its_question_mark(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    """门票是多钱啊？ asks though no question word says so: the question mark is its last
    clause's; the bare answer in the next turn is that relation's value of the topic."""
    assert last(*turns) == [expected]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("你知道唐朝乐队吗？", "经纪公司是百娱经纪。"), ("唐朝乐队", "经纪公司", "百娱经纪")),
        (("你看过《霸王别姬》吗？", "原声是赵季平的作品。"), ("霸王别姬", "原声", "赵季平的作品")),
        (
            ("Do you know the band Tang Dynasty?", "The label is Baiyu."),
            ("Tang Dynasty", "label", "Baiyu"),
        ),
        (
            ("Have you seen the film Gattaca?", "The soundtrack is Michael Nyman's."),
            ("Gattaca", "soundtrack", "Michael Nyman's"),
        ),
    ],
)
def test_a_third_person_sentence_never_makes_a_speaker_fact(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    """Issue 37, item 2: a fact about the user needs first person or the user's name. An
    attribute said without an owner in a conversation about a band or a film ("经纪公司是百娱
    经纪", "The label is Baiyu") is the topic's, never the user's or the speaker's."""
    found = last(*turns)
    assert found == [expected]
    assert not [f for f in found if f[0] in (USER, SPEAKER)]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("经纪公司是百娱经纪。",), (USER, "经纪公司", "百娱经纪")),
        (("The label is Baiyu.",), (USER, "label", "Baiyu")),
        (("你知道周杰伦吗？", "我的身高是180厘米。"), (SPEAKER, "身高", "180厘米")),
        (("Do you know Jay Chou?", "My height is 180 cm."), (SPEAKER, "height", "180 cm")),
    ],
)
def test_an_ownerless_attribute_alone_or_in_first_person_stays_the_users(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    """Guard: with nobody else under discussion an ownerless attribute is a note to the
    memory (发票号是…, "The server address is …"), the user's context; first person keeps
    the speaker's own attribute the speaker's while a singer is discussed."""
    assert last(*turns) == [expected]


@pytest.mark.parametrize(
    "turns",
    [
        ("The owner of project A is Zhang San", "The owner of project B is Li Si"),
        ("项目A的负责人是张三", "项目B的负责人是李四"),
    ],
)
def test_an_attribute_with_a_namespace_names_its_own_owner(turns: tuple[str, ...]) -> None:
    """Guard of the speaker-default rule: "the owner of project B" has its owner in its
    namespace (the user's project B), so it stays the user's scoped attribute even while the
    person named in the turn before (Zhang San) is under discussion."""
    ((subject, predicate, _value),) = last(*turns)
    assert (subject, predicate) == (USER, "owner")


@pytest.mark.parametrize(
    "turns",
    [
        ("Queen Hippolyta is her mother.",),
        ("Steve is his best friend.",),
        ("His car is red.",),
        ("Have you seen the film Gattaca?", "Uma Thurman is his wife."),
        ("Queen Hippolyta is her mother.", "Her mother is Queen Hippolyta."),
    ],
)
def test_a_third_persons_attribute_whom_nobody_agrees_with_is_nobodys(
    turns: tuple[str, ...],
) -> None:
    """Issue 37: "her mother", "his best friend" with no "her" or "his" under discussion
    (a film is no "his") make no fact: never the user's, and a name is never its own
    relative ("her" is not the Hippolyta just named as the value)."""
    assert last(*turns) == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("My sister Anna is a nurse.", "Her husband is Tom."), ("Anna", "relationship", "Tom")),
        (("Diana is my sister.",), (SPEAKER, "relationship", "Diana")),
    ],
)
def test_a_possessor_someone_agrees_with_keeps_the_attribute(  # guard
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)
