"""A question asked with "did" finds its verb's irregular past ("What did Ada win?" finds "Ada
won the Japan Prize."), which stems never join: the inversion of the model's exceptions table,
the query it makes, and search on both backends."""

from __future__ import annotations

from extractors.english.inflections import forms_of, irregular_forms
from service.clients.memory import Memory
from service.read.names import with_forms

SAID = [
    "Ada plays for Reading.",
    "Ada works at Harvard.",
    "Ada lives in Kuopio.",
    "Ada studied at Lehman College.",
    "Ada won the Japan Prize.",
    "Ada holds the rank of Commander.",
    "Ada is married to Grace.",
    "Ada represents the Liberal Movement.",
]


def test_a_lemma_has_the_forms_its_stem_misses() -> None:
    forms = forms_of({"won": ["win"], "studied": ["study"], "went": ["go"], "gone": ["go"]})
    assert forms == {"win": {"won"}, "go": {"went", "gone"}}  # "studied" stems as "study"


def test_the_model_knows_the_irregular_verbs() -> None:
    assert irregular_forms("win") == {"won"}
    assert irregular_forms("hold") == {"held"}
    assert irregular_forms("won") == frozenset()  # a form, not a lemma
    assert irregular_forms("Ada") == frozenset()


def test_a_did_question_asks_for_its_verb_s_past_forms() -> None:
    assert with_forms("What did Ada win?") == "What did Ada win? won"
    assert with_forms("Where did Ada go?") == "Where did Ada go? gone went"
    assert with_forms("Why didn't Ada buy it?") == "Why didn't Ada buy it? bought"
    assert (
        with_forms("What did Ada have when she went out?") == "What did Ada have when she went out?"
    )
    assert with_forms("What does Ada hold?") == "What does Ada hold?"
    assert with_forms("Who won?") == "Who won?"
    assert with_forms("我的猫叫什么") == "我的猫叫什么"


def test_what_someone_won_is_found_by_its_words_when_asked_with_win(memory: Memory) -> None:
    for text in SAID:
        memory.add([{"role": "user", "content": text}], user_id="sam")
    hits = memory.search("Did anybody win anything?", user_id="sam", limit=3)["results"]
    first = hits[0]
    assert "Japan Prize" in first["memory"], [hit["memory"] for hit in hits]
    assert {"keyword", "episodes"} <= set(first["channels"]), first["channels"]
