"""A turn that refers to someone by a pronoun is found by their name: "All right. I kissed
him before." said while Joey is under discussion answers "Who did Joey kiss?" above a turn
that shares only the verb (the write path keeps whom the pronoun refers to when it is sure:
Joey's gender is known from the "He" that referred to him: `extractors/discourse/referred.py`;
both backends index it). On both backends."""

from __future__ import annotations

from service.clients.memory import Memory

TURNS = [
    ("Chandler", "Nobody kissed anybody at the party, trust me."),
    ("Monica", "Joey Tribbiani has an audition tomorrow. He is so nervous."),
    ("Phoebe", "All right. I kissed him before, I can do it again."),
]  # fmt: skip


def test_a_turn_is_found_by_the_name_its_pronoun_refers_to(memory: Memory) -> None:
    for who, text in TURNS:
        memory.add([{"role": "user", "name": who, "content": text}], user_id="alice")
    hits = memory.search("Who did Joey kiss?", user_id="alice", limit=5)["results"]
    score = {hit["episode"]["speaker"]: hit["score"] for hit in hits}
    assert score["Phoebe"] > score["Chandler"], hits


NAMED_ONLY = [
    ("Chandler", "Nobody kissed anybody at the party, trust me."),
    ("Joey", "I'm so nervous about the audition tomorrow."),
    ("Monica", "He will be great, he always is."),
    ("Phoebe", "All right. I kissed him before, I can do it again."),
]  # fmt: skip
"""Joey is named only by his messages' `name`, never in a turn's words."""


def test_a_speaker_named_only_by_the_message_is_whom_a_later_pronoun_refers_to(
    memory: Memory,
) -> None:
    for who, text in NAMED_ONLY:
        memory.add([{"role": "user", "name": who, "content": text}], user_id="alice")
    hits = memory.search("Who did Joey kiss?", user_id="alice", limit=5)["results"]
    score = {hit["episode"]["speaker"]: hit["score"] for hit in hits if hit.get("episode")}
    assert score.get("Phoebe", 0.0) > score.get("Chandler", 0.0), hits
