"""The episodes channel's query terms: Chinese as bigrams and single characters, so a one-
character word (花, 书, 猫) is asked for, while a function character alone (的 了 吗 你) is not."""

from __future__ import annotations

from graph.textindex import query_terms, search_terms


def test_a_chinese_question_asks_for_its_bigrams_and_its_content_characters() -> None:
    terms = query_terms("你最喜欢什么花？")
    assert terms[:6] == ["你最", "最喜", "喜欢", "欢什", "什么", "么花"]
    assert set(terms[6:]) == {"最", "喜", "欢", "花"}
    assert "花" in search_terms("她最喜欢的是花。")  # the index holds the characters too


def test_function_characters_alone_are_not_asked_for_but_a_lone_run_is_itself() -> None:
    assert not {"的", "了", "吗", "你", "是"} & set(query_terms("你是去了北京的吗"))
    assert query_terms("猫") == ["猫"]
    assert query_terms("我") == ["我"]


def test_english_questions_are_unchanged() -> None:
    assert query_terms("Where does the team live?") == ["team", "live"]


def test_the_verb_of_saying_that_frames_a_question_is_not_asked_for() -> None:
    assert query_terms("Where does Rachel say she is supposed to be?") == ["rachel", "suppos"]
    assert query_terms("Who told Ross to count faster?") == ["ross", "count", "faster"]
    assert search_terms("I said no")[1] == "said"  # the turns keep every word
