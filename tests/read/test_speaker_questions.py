"""A question that asks what a named person said or thought ranks that person's turns first,
even when another speaker's turn talks about them in more of the question's words; on both
backends."""

from __future__ import annotations

from service.clients.memory import Memory
from service.read.saying import said_by

TURNS = [
    ("Lena", "Marco needs patience with the clay, patience with the wheel, with Marco's kids."),
    ("Marco", "Honestly I think the kids need more patience than I do."),
    ("Lena", "Marco, you should come to the pottery class on Friday."),
]  # fmt: skip


def test_the_speaker_a_question_asks_about_is_the_subject_of_a_verb_of_saying() -> None:
    assert said_by("What did Marco say about patience?") == {"marco"}
    assert said_by("Why does Joey think Monica angrily told Ross?") == {"joey", "monica"}
    assert said_by("Monica quietly asks what?") == {"monica"}
    assert said_by("When is Rachel asked to leave?") == set()  # spoken to, not speaking
    assert said_by("Where does Marco live?") == set()


def test_a_speaker_question_ranks_that_speaker_s_turn_first(memory: Memory) -> None:
    for who, text in TURNS:
        memory.add([{"role": "user", "name": who, "content": text}], user_id="alice")
    for q in ("What did Marco say about patience?", "Why does Marco think kids need patience?"):
        first = memory.search(q, user_id="alice", limit=3)["results"][0]
        assert first["episode"]["speaker"] == "Marco", (q, first)
    other = memory.search("What does Lena think about patience?", user_id="alice")["results"]
    assert other[0]["episode"]["speaker"] == "Lena"


FRAMED = [
    ("Rachel", "What did you just say?"),
    ("Rachel", "Oh no, the airport! My friend is supposed to land at six and nobody is there "
               "to pick her up, so sorry, finish your drinks."),
    ("Carl", "Heh, you know?"),
    ("Carl", "Exactly! And I will be the guy caught behind this hammerhead in traffic!"),
]  # fmt: skip


def test_the_verb_of_saying_that_frames_a_question_is_not_a_word_its_answer_holds(
    memory: Memory,
) -> None:
    """ "Where does Rachel say she is supposed to be?" asks what Rachel said, not for turns
    holding "say": a short turn of hers with that word ranked above the one that answers."""
    for who, text in FRAMED:
        memory.add([{"role": "user", "name": who, "content": text}], user_id="alice")
    for q in ("Where does Rachel say she is supposed to be?",
              "Where did Rachel say her friend was supposed to land?"):  # fmt: skip
        first = memory.search(q, user_id="alice", limit=3)["results"][0]
        assert "airport" in first["episode"]["body"], (q, first)
