"""Who said it and who is named, through `Memory.add` on both backends (issue 32, items 3-4).

The assistant's words about the world are the agent's (`agent_generated`: a lower prior, held
for review), never facts about the user; names in everyday phrasing are entities of their own
("my friend Bob" is Bob, a friend of the user), a pet's name is the pet, "I'm at Globex" is a
job, "I can't eat peanuts, I'm allergic" an allergy.
"""

from __future__ import annotations

from typing import Any

import pytest

USER = "carol"


def current(memory: Any) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.value) for f in memory.facts(user_id=USER).facts}


def test_the_assistants_world_facts_are_its_own_and_wait_for_review(memory: Any) -> None:
    out = memory.add(
        [
            {"role": "user", "content": "I am going to Oslo next week."},
            {"role": "assistant", "content": "Nice, Oslo is lovely. You live in Paris."},
        ],
        user_id=USER,
    )
    assert ("Oslo", "is", "lovely") not in current(memory)
    held = memory.candidates(user_id=USER).candidates
    said = [c for c in held if c.fact.value == "lovely"]
    assert said and said[0].fact.source_type == "agent_generated"
    assert said[0].fact.confidence <= 0.6
    assert not [r for r in out.results if r.fact.subject == USER and r.fact.value == "Paris"]
    assert not [c for c in held if c.fact.subject == USER]
    hits = memory.search("Oslo lovely", user_id=USER).results
    assert hits  # the turn is kept, searchable


def test_the_assistants_confirmed_actions_still_count(memory: Any) -> None:
    memory.add(
        [
            {"role": "user", "content": "Please book a flight for Friday."},
            {"role": "assistant", "content": "I booked a flight for Friday."},
        ],
        user_id=USER,
        agent_id="travel",
    )
    facts = memory.facts(user_id=USER).facts
    assert any(f.predicate == "did" and f.source_type == "user" for f in facts)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (
            "My friend Bob lives in Madrid.",
            {("Bob", "lives_in", "Madrid"), ("Bob", "friend_of", USER)},
        ),
        ("My sister Ana is a doctor.", {("Ana", "is_a", "doctor"), ("Ana", "sister_of", USER)}),
        ("Our CTO Priya approved the plan.", {("Priya", "cto_of", USER)}),
        ("我朋友小王住在北京。", {("小王", "lives_in", "北京"), ("小王", "friend_of", USER)}),
        ("I have a dog named Rex.", {(USER, "pet", "Rex"), ("Rex", "is_a", "dog")}),
        ("My dog's name is Rex.", {(USER, "pet", "Rex"), ("Rex", "is_a", "dog")}),
        ("我养了一只叫旺财的狗。", {(USER, "pet", "旺财"), ("旺财", "is_a", "dog")}),
        ("Now I'm at Globex.", {(USER, "works_at", "Globex")}),
        ("I got a job at Siemens.", {(USER, "works_at", "Siemens")}),
        ("I took a position at Siemens last year.", {(USER, "works_at", "Siemens")}),
        (
            "I moved to Berlin for a job at Siemens.",
            {(USER, "lives_in", "Berlin"), (USER, "works_at", "Siemens")},
        ),
        ("I can't eat peanuts, I'm allergic.", {(USER, "allergy", "peanuts")}),
        (
            "My manager there, Lisa, was great.",
            {("Lisa", "is", "great"), ("Lisa", "manager_of", USER)},
        ),
    ],
)
def test_names_in_everyday_phrasing(
    memory: Any, said: str, expected: set[tuple[str, str, str]]
) -> None:
    memory.add(said, user_id=USER)
    stored = current(memory)
    assert expected <= stored
    texts = [f.memory for f in memory.facts(user_id=USER).facts]
    assert not [t for t in texts if "<speaker>" in t or "<user>" in t]  # what a reader sees
    wrong = {
        f
        for f in stored
        if f[1] in ("diet", "located_at", "relationship")
        or (f[0] == USER and f[2] in ("dog", "allergic", "great"))
    }
    assert not wrong


@pytest.mark.parametrize("said", ["I had a dog named Rex.", "我以前养过一只叫旺财的狗。"])
def test_a_named_pet_said_in_the_past_is_no_current_pet(memory: Any, said: str) -> None:
    """The simple past of having (English "had", Chinese 过) ended the state; naming the pet
    keeps that ending: the pet is history, what kind of animal it is stays."""
    out = memory.add(said, user_id=USER, observation_date="2024-03-01")
    stored = current(memory)
    assert not [f for f in stored if f[1] == "pet"]
    name = "Rex" if "Rex" in said else "旺财"
    assert (name, "is_a", "dog") in stored
    told = {(r.fact.predicate, r.fact.value, r.fact.polarity) for r in out.results}
    assert ("pet", name, -1) in told  # the ending is kept, with the pet's name


def test_a_job_said_as_was_at_a_name_is_over(memory: Any) -> None:
    """ "I was at Globex for three years": the simple past of "I'm at Globex" (a job) is a job
    that ended, not the user's current location."""
    out = memory.add("I was at Globex for three years.", user_id=USER)
    assert not [f for f in current(memory) if f[2] == "Globex"]
    told = {(r.fact.predicate, r.fact.value, r.fact.polarity) for r in out.results}
    assert ("works_at", "Globex", -1) in told


@pytest.mark.parametrize(
    ("home", "hometown", "place", "origin"),
    [
        ("I live in Paris.", "My hometown is Lyon.", "Paris", "Lyon"),
        ("我住在上海。", "我老家是四川的。", "上海", "四川"),
    ],
)
def test_a_hometown_is_where_one_comes_from_not_where_one_lives(
    memory: Any, home: str, hometown: str, place: str, origin: str
) -> None:
    memory.add(home, user_id=USER)
    memory.add(hometown, user_id=USER)
    stored = current(memory)
    assert (USER, "lives_in", place) in stored
    assert (USER, "origin", origin) in stored


def test_bob_and_my_friend_bob_are_one_entity(memory: Any) -> None:
    memory.add("My friend Bob lives in Madrid.", user_id=USER)
    memory.add("Bob works at Acme.", user_id=USER)
    memory.add("I live in Lisbon.", user_id=USER)
    facts = memory.facts(user_id=USER, subject="Bob").facts
    assert {f.value for f in facts} >= {"Madrid", "Acme"}
    paths = memory.paths(USER, "Bob", user_id=USER)
    assert paths.paths


def test_a_memory_text_never_repeats_its_sentence(memory: Any) -> None:
    """ "I quit smoking two years ago." kept verbatim beside its dated event read "… — I quit
    smoking two years ago.": a value that is its whole sentence gets no suffix."""
    memory.add("I quit smoking two years ago.", user_id=USER, observation_date="2025-06-10")
    texts = [f.memory for f in memory.facts(user_id=USER).facts]
    assert texts and not [t for t in texts if " — " in t and t.split(" — ")[0] in t.split(" — ")[1]]


@pytest.mark.parametrize(
    ("said", "alias", "name"),
    [
        ("Call me Ishmael.", "Ishmael", None),
        ("My name is Robert, but everyone calls me Bob.", "Bob", "Robert"),
        ("叫我小明就行。", "小明", None),
        ("大家都叫我小李。", "小李", None),
        ("我叫张三，叫我小张就好。", "小张", "张三"),
    ],
)
def test_a_name_the_user_goes_by_is_an_alias_beside_the_name(
    memory: Any, said: str, alias: str, name: str | None
) -> None:
    memory.add(said, user_id=USER)
    stored = current(memory)
    assert (USER, "alias", alias) in stored
    assert not [f for f in stored if f[2].startswith("我")]  # not name 我小明就行
    assert {f[2] for f in stored if f[1] == "name"} == ({name} if name else set())


@pytest.mark.parametrize(
    "said", ["Don't call me Bob.", "别叫我小明。", "妈妈叫我回家。", "Call me Monday about it."]
)
def test_a_refusal_or_a_request_is_no_alias(memory: Any, said: str) -> None:
    memory.add(said, user_id=USER)
    assert not [f for f in current(memory) if f[1] in ("alias", "name")]


def test_an_assistant_saying_call_me_gives_the_user_no_alias(memory: Any) -> None:
    memory.add(
        [
            {"role": "user", "content": "Hi there!"},
            {"role": "assistant", "content": "Hello, you can call me Ada."},
        ],
        user_id=USER,
    )
    assert not [f for f in current(memory) if f[1] == "alias"]
