"""A question that makes a name the subject of its verb ("How does Chandler congratulate
Joey?", "Why is Joey upset?") ranks that person's own turn above another's turn that only
names them: the answer is most often what they said ("Mazel tov!"). On both backends."""

from __future__ import annotations

from service.clients.memory import Memory
from service.read.saying import said_by, subject_of

TURNS = [
    ("Joey", "Chandler, Chandler, guess what, the movie part is mine, Chandler!"),
    ("Chandler", "Mazel tov, buddy!"),
]  # fmt: skip


def test_the_subject_of_a_question_s_verb_is_read_after_its_wh_word_and_auxiliary() -> None:
    assert subject_of("How does Chandler congratulate Joey?") == {"chandler"}
    assert subject_of("Why is Joey upset?") == {"joey"}
    assert subject_of("What did Monica have when she went in?") == {"monica"}
    assert subject_of("How does the baby look according to Phoebe?") == {"phoebe"}
    assert subject_of("Who did Joey kiss?") == set()  # asks for someone else
    assert subject_of("When is Rachel asked for her pass?") == set()  # spoken to
    assert subject_of("Where does the party take place?") == set()


def test_a_question_s_subject_ranks_their_own_turn_first(memory: Memory) -> None:
    for who, text in TURNS:
        memory.add([{"role": "user", "name": who, "content": text}], user_id="alice")
    for q in ("How does Chandler congratulate Joey?", "Why is Chandler happy for Joey?"):
        assert not said_by(q)
        first = memory.search(q, user_id="alice", limit=3)["results"][0]
        assert first["episode"]["speaker"] == "Chandler", (q, first)
