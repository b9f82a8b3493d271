"""Film talk without a relation word, by class (extractors/english/cast.py, docs/write.md:
"Relations people state about others"): the film under discussion stars a person who plays a
character, is "great in it", is named as its director or was "made in" a year. Sentences
written for this test, never taken from a benchmark."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.rules import RuleExtractor
from extractors.schema import SPEAKER, Job

REF = datetime(2024, 1, 1, tzinfo=UTC)
OPENING = "Have you seen the film Paper Moon?"


def facts_of(*turns: str) -> set[tuple[str, str, str]]:
    jobs = [Job(t, REF, conversation="c") for t in turns]
    readings = RuleExtractor().read_turns(jobs)
    return {(f.subject, f.predicate, f.value) for f in readings[-1].facts}


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (
            "Tatum O'Neal plays Addie Loggins, the girl.",
            {
                ("Paper Moon", "starring", "Tatum O'Neal"),
                ("Tatum O'Neal", "character", "Addie Loggins"),
            },
        ),
        (
            "Ryan O'Neal portrayed Moses Pray in it.",
            {("Paper Moon", "starring", "Ryan O'Neal"), ("Ryan O'Neal", "character", "Moses Pray")},
        ),
        (
            "Madeline Kahn did a wonderful job as Trixie Delight.",
            {
                ("Paper Moon", "starring", "Madeline Kahn"),
                ("Madeline Kahn", "character", "Trixie Delight"),
            },
        ),
        (
            "John Hillerman as Deputy Hardin is so funny",
            {
                ("Paper Moon", "starring", "John Hillerman"),
                ("John Hillerman", "character", "Deputy Hardin"),
            },
        ),
    ],
)
def test_a_person_playing_a_character_stars_in_the_film(
    turn: str, expected: set[tuple[str, str, str]]
) -> None:
    assert expected <= facts_of(OPENING, turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Madeline Kahn was brilliant in it.",
        "Madeline Kahn is in this one",
        "Madeline Kahn was great in the movie.",
    ],
)
def test_a_person_in_it_stars_in_the_film(turn: str) -> None:
    assert ("Paper Moon", "starring", "Madeline Kahn") in facts_of(OPENING, turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Director Peter Bogdanovich, and it was shot in Kansas.",
        "I think the director Peter Bogdanovich did a fine job.",
    ],
)
def test_a_director_named_in_apposition_directs_the_film(turn: str) -> None:
    assert ("Paper Moon", "directed_by", "Peter Bogdanovich") in facts_of(OPENING, turn)


def test_each_director_of_a_list_is_a_record() -> None:
    found = facts_of(OPENING, "Director Anna Lee, Bob Stone. Great ratings")
    assert {
        ("Paper Moon", "directed_by", "Anna Lee"),
        ("Paper Moon", "directed_by", "Bob Stone"),
    } <= found


def test_a_year_without_a_subject_is_the_films_release() -> None:
    assert ("Paper Moon", "release_date", "1973") in facts_of(OPENING, "Made in 1973.")


@pytest.mark.parametrize(
    "turns",
    [
        ("I was great in it.",),
        (OPENING, "I was great in it."),
        ("John plays Tennis.",),
        ("He was in it",),
    ],
)
def test_no_film_or_first_person_gives_no_cast_fact(turns: tuple[str, ...]) -> None:
    found = facts_of(*turns)
    assert not {f for f in found if f[1] in ("starring", "character")}
    assert not {f for f in found if f[0] == SPEAKER and f[1] in ("starring", "character")}


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("Gattaca is a 1997 American science fiction film.", {"science fiction"}),
        ("Home Alone is a very enjoyable comedy film", {"comedy"}),
        ("Frozen is a computer-animated musical fantasy film", {"animation", "musical", "fantasy"}),
        ("Jaws is a great movie", set()),
    ],
)
def test_a_class_sentence_gives_one_genre_per_genre_word(turn: str, expected: set[str]) -> None:
    assert {v for _, p, v in facts_of(turn) if p == "genre"} == expected


@pytest.mark.parametrize(
    ("turn", "title"),
    [
        ('Have you seen the 1973 American comedy drama film "Paper Moon"?', "Paper Moon"),
        ("The movie is the 1973 film Paper Moon which was shot in Kansas.", "Paper Moon"),
        ("However the original 1973 Paper Moon film is great.", "Paper Moon"),
    ],
)
def test_a_work_named_with_its_description_has_its_year(turn: str, title: str) -> None:
    assert (title, "release_date", "1973") in facts_of(turn)


def test_a_description_in_a_question_gives_its_genres() -> None:
    found = facts_of('Have you seen the 1973 American comedy drama film "Paper Moon"?')
    assert {("Paper Moon", "genre", "comedy"), ("Paper Moon", "genre", "drama")} <= found


def test_a_description_without_year_or_genre_gives_nothing() -> None:
    assert facts_of("Have you seen the movie Paper Moon?") == set()


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        (
            "Who stars in it?",
            "Ryan O'Neal, Tatum O'Neal and Madeline Kahn.",
            {
                ("Paper Moon", "starring", "Ryan O'Neal"),
                ("Paper Moon", "starring", "Tatum O'Neal"),
                ("Paper Moon", "starring", "Madeline Kahn"),
            },
        ),
        (
            "Any famous actors in it?",
            "Just Ryan O'Neal and Tatum O'Neal",
            {("Paper Moon", "starring", "Ryan O'Neal"), ("Paper Moon", "starring", "Tatum O'Neal")},
        ),
        (
            "Who directed it?",
            "Peter Bogdanovich.",
            {("Paper Moon", "directed_by", "Peter Bogdanovich")},
        ),
        # guards: names with no question before them, a question of something else, no names
        ("I loved it.", "Peter Bogdanovich.", set()),
        ("Where was it filmed?", "Peter Bogdanovich.", set()),
        ("Who stars in it?", "All very good actors.", set()),
    ],
)
def test_a_bare_answer_of_names_is_the_value_the_question_asked_for(
    question: str, answer: str, expected: set[tuple[str, str, str]]
) -> None:
    found = facts_of(OPENING, question, answer)
    assert {f for f in found if f[1] in ("starring", "directed_by")} == expected


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (
            "Tatum O'Neal plays Ryan O'Neal's daughter.",
            {("Paper Moon", "starring", "Tatum O'Neal")},
        ),
        ("John Hillerman played the sheriff.", {("Paper Moon", "starring", "John Hillerman")}),
        (
            "Ryan O'Neal and Madeline Kahn are perfectly cast as the grifters.",
            {
                ("Paper Moon", "starring", "Ryan O'Neal"),
                ("Paper Moon", "starring", "Madeline Kahn"),
            },
        ),
        (
            "I saw this great movie the other day that stars Tatum O'Neal.",
            {("Paper Moon", "starring", "Tatum O'Neal")},
        ),
        # guards: a game is no role, "a movie" may be another film, a relative is no name
        ("My son plays tennis.", set()),
        ("I saw a movie that stars Tom Hanks.", set()),
    ],
)
def test_a_person_playing_a_role_or_cast_stars_in_the_film(
    turn: str, expected: set[tuple[str, str, str]]
) -> None:
    found = facts_of(OPENING, turn)
    assert {f for f in found if f[1] == "starring"} == expected


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ("Do you know Tatum O'Neal?", "She plays Addie Loggins."),
            {
                ("Paper Moon", "starring", "Tatum O'Neal"),
                ("Tatum O'Neal", "character", "Addie Loggins"),
            },
        ),
        (
            ("Have you heard of Ryan O'Neal?", "He was great in it."),
            {("Paper Moon", "starring", "Ryan O'Neal")},
        ),
        (
            ("John Hillerman is funny.", "he plays the deputy"),
            {("Paper Moon", "starring", "John Hillerman")},
        ),
    ],
)
def test_a_pronoun_for_a_person_under_discussion_is_cast_as_the_person(
    turns: tuple[str, ...], expected: set[tuple[str, str, str]]
) -> None:
    """ "She plays Addie Loggins.", "He was great in it.": the person the pronoun refers to
    stars in the film under discussion, as if named."""
    assert expected <= facts_of(OPENING, *turns)


@pytest.mark.parametrize("turns", [("She plays Addie Loggins.",), ("Is she in it?",)])
def test_a_pronoun_that_refers_to_nobody_is_cast_as_nobody(turns: tuple[str, ...]) -> None:
    found = facts_of(OPENING, *turns)
    assert not {f for f in found if f[1] in ("starring", "character")}


def test_a_name_the_tagger_missed_as_a_subject_is_under_discussion() -> None:
    """ "Does Madeline have a big role?": a capitalised proper noun as a clause's subject is a
    name, though the tagger called it none; "She plays Trixie" is then Madeline, not the
    director named before her."""
    turns = (
        "It is one of Bogdanovich's best movies.",
        "Does Madeline have a big role?",
        "She plays Trixie Delight.",
    )
    found = facts_of(OPENING, *turns)
    assert ("Madeline", "character", "Trixie Delight") in found
    assert not {f for f in found if f[0] == "Bogdanovich"}


@pytest.mark.parametrize("said", ["He plays Moses Pray.", "He plays Moses Pray of Kansas."])
def test_who_plays_a_character_is_never_the_character(said: str) -> None:
    """ "He plays Moses Pray": he is the actor under discussion, not Moses Pray named just
    before (a person never plays the one named as the character)."""
    turns = ("Do you know Ryan O'Neal?", "Moses Pray is a con man.", said)
    found = facts_of(OPENING, *turns)
    assert ("Ryan O'Neal", "character", "Moses Pray") in found


def test_a_subject_pronoun_is_never_a_name_its_own_clause_says() -> None:
    """Any verb, not only the cast frames: "He hates Moses Pray" is not Moses Pray hating
    himself (a name the pronoun's own clause says is someone else): the person before him."""
    turns = ("Ryan O'Neal met Tatum yesterday.", "Moses Pray is a con man.", "He hates Moses Pray.")
    found = facts_of(*turns)
    assert ("Ryan O'Neal", "dislikes", "Moses Pray") in found
    assert not {f for f in found if f[0] == "Moses Pray"}


def test_a_description_a_clause_makes_its_subject_is_no_referent() -> None:
    """ "The first half of the film is flat.": a subject that is no name (not every word
    capitalised) does not come under discussion, so "She" is still the actress."""
    turns = (
        "Do you know Tatum O'Neal?",
        "The first half of the film is flat.",
        "She plays Addie Loggins.",
    )
    assert ("Tatum O'Neal", "character", "Addie Loggins") in facts_of(OPENING, *turns)


@pytest.mark.parametrize(
    ("turn", "person", "character"),
    [
        ("I especially liked Tatum O'Neal as Addie Loggins.", "Tatum O'Neal", "Addie Loggins"),
        ("I can just see Madeline Kahn as Trixie Delight, too.", "Madeline Kahn", "Trixie Delight"),
        ("We loved John Hillerman as Deputy Hardin", "John Hillerman", "Deputy Hardin"),
    ],
)
def test_a_person_liked_as_a_character_stars_in_the_film(
    turn: str, person: str, character: str
) -> None:
    """A first-person verb of taste or sight whose object is a name as a name: the cast, as
    "X did a great job as Y" gives; a taste stays the speaker's."""
    found = facts_of(OPENING, turn)
    assert {("Paper Moon", "starring", person), (person, "character", character)} <= found
    if "lov" in turn or "lik" in turn:
        assert (SPEAKER, "likes", person) in found


@pytest.mark.parametrize(
    ("turn", "own"),
    [
        ("Other critics especially liked Madeline Kahn's role.", set()),
        (
            "I also really liked Madeline Kahn's performance.",
            {(SPEAKER, "likes", "Madeline Kahn's performance")},
        ),
        ("Madeline Kahn’s portrayal was the best part.", set()),
        (
            "I also liked Madeline Kahn's character.",
            {(SPEAKER, "likes", "Madeline Kahn's character")},
        ),
        ("Madeline Kahn's villain was scary.", set()),
    ],
)
def test_a_persons_role_told_in_passing_stars_in_the_film(
    turn: str, own: set[tuple[str, str, str]]
) -> None:
    """Beside what the sentence tells (the speaker's taste stays)."""
    found = facts_of(OPENING, turn)
    assert {("Paper Moon", "starring", "Madeline Kahn")} | own <= found


@pytest.mark.parametrize(
    "turns",
    [
        ("I liked Madeline Kahn's performance.",),  # no film under discussion
        (OPENING, "Did you like Madeline Kahn's performance?"),  # a question tells no cast
        (OPENING, "I liked Kevin's day."),  # a day is no role
        (OPENING, "I see Paris as a city."),  # a place is no character
        (OPENING, "His role was small."),  # a pronoun is no name
    ],
)
def test_a_role_or_taste_without_a_named_cast_gives_no_cast_fact(turns: tuple[str, ...]) -> None:
    assert not {f for f in facts_of(*turns) if f[1] in ("starring", "character")}


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (
            "Addie Loggins is played by Tatum O'Neal.",
            {
                ("Paper Moon", "starring", "Tatum O'Neal"),
                ("Tatum O'Neal", "character", "Addie Loggins"),
            },
        ),
        ("The pilot is played by Ryan O'Neal.", {("Paper Moon", "starring", "Ryan O'Neal")}),
        (
            "The nervous deputy played by John Hillerman was pretty good too.",
            {("Paper Moon", "starring", "John Hillerman")},
        ),
    ],
)
def test_a_role_played_by_a_person_casts_the_person_never_the_role(
    turn: str, expected: set[tuple[str, str, str]]
) -> None:
    """Who is played is a role: the film stars the player (before: "Addie Loggins starring
    Tatum O'Neal", a character as the work)."""
    found = {f for f in facts_of(OPENING, turn) if f[1] in ("starring", "character")}
    assert found == expected


@pytest.mark.parametrize(
    ("turn", "names"),
    [
        (
            "Tatum O'Neal, Ryan O'Neal and Madeline Kahn are the leads in the film.",
            {"Tatum O'Neal", "Ryan O'Neal", "Madeline Kahn"},
        ),
        ("Tatum O'Neal and Ryan O'Neal were great in it.", {"Tatum O'Neal", "Ryan O'Neal"}),
        (
            "Aside from Moses, Tatum O'Neal plays Addie Loggins, Madeline Kahn plays Trixie "
            "Delight and John Hillerman plays Deputy Hardin!",
            {"Tatum O'Neal", "Madeline Kahn", "John Hillerman"},
        ),
        ("Paris, London and Rome are in it.", set()),  # a bare "are in it": maybe places
        ("I like Tatum O'Neal and Ryan O'Neal.", set()),  # a taste tells no cast
    ],
)
def test_each_name_of_a_listed_or_coordinated_cast_is_a_record(turn: str, names: set[str]) -> None:
    found = facts_of(OPENING, turn)
    assert {f[2] for f in found if f[1] == "starring"} == names


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("It's a fantasy drama about a mute cleaning woman.", {"fantasy", "drama"}),
        ("I think it is a war drama.", {"war", "drama"}),
        ("Its a war film with very little dialogue.", {"war"}),
        ("it's a comedy and adventure film", {"comedy", "adventure"}),
        ("It's a comedy/action adventure and it is smart", {"comedy", "action", "adventure"}),
        (
            "Paper Moon is a 1973 American comedy road film directed by Peter Bogdanovich.",
            {"comedy"},
        ),
        ("It's a great movie.", set()),
        ("It's a family.", set()),  # a genre word that is no work's noun
    ],
)
def test_a_class_sentence_with_a_contraction_or_a_genre_head_gives_its_genres(
    turn: str, expected: set[str]
) -> None:
    """ "It's a ..." (the contraction, or "Its" without its apostrophe), a genre noun as the
    head ("a war drama") and a description cut at its relative clause or participle."""
    found = facts_of(OPENING, turn)
    assert {f[2] for f in found if f[1] == "genre" and f[0] == "Paper Moon"} == expected


@pytest.mark.parametrize(
    "turn",
    [
        "I can't believe it was made in 1973!",
        "The movie came out in 1973 and has a 9/10 rating on rotten tomatoes.",
        "the doc says it came out in 1973",
    ],
)
def test_a_release_year_in_an_embedded_clause_is_the_films(turn: str) -> None:
    """The film under discussion is the embedded clause's subject; the value ends before a
    second clause ("1973 and has a 9/10 rating" is 1973)."""
    found = facts_of(OPENING, turn)
    assert {f for f in found if f[1] == "release_date"} == {("Paper Moon", "release_date", "1973")}


def test_a_release_year_told_in_passing_keeps_the_sentences_own_facts() -> None:
    found = facts_of(OPENING, "i was 20 when i first saw it because it first came out in 1973")
    assert {(SPEAKER, "age", "20"), ("Paper Moon", "release_date", "1973")} <= found


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (
            "Directed by Peter Bogdanovich, so you know it's going to be a good one.",
            ("Paper Moon", "directed_by", "Peter Bogdanovich"),
        ),
        (
            "I thought Peter Bogdanovich did a great job directing. What about you?",
            ("Paper Moon", "directed_by", "Peter Bogdanovich"),
        ),
        ("Tatum O'Neal did a good job acting.", ("Paper Moon", "starring", "Tatum O'Neal")),
        (
            "I feel that Tatum O'Neal was great in it.",
            ("Paper Moon", "starring", "Tatum O'Neal"),
        ),
    ],
)
def test_a_job_done_in_the_film_or_a_participle_names_its_maker(
    turn: str, expected: tuple[str, str, str]
) -> None:
    assert expected in facts_of(OPENING, turn)


@pytest.mark.parametrize(
    "turns",
    [
        (OPENING, "My dad was born in 1950."),  # a birth is no release
        ("It came out in 1973.",),  # no film under discussion
        (OPENING, "I did a great job directing my team."),  # first person directs no film
    ],
)
def test_a_year_or_a_job_outside_film_talk_gives_no_film_fact(turns: tuple[str, ...]) -> None:
    found = facts_of(*turns)
    assert not {f for f in found if f[1] in ("release_date", "directed_by", "starring")}


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        (
            "This is a comedy movie, and a good one.",
            ("Paper Moon", "genre", "comedy"),
        ),
        ("That was released in 1973.", ("Paper Moon", "release_date", "1973")),
        ("I can see Tatum O'Neal as a detective.", ("Paper Moon", "starring", "Tatum O'Neal")),
    ],
)
def test_a_demonstrative_subject_is_the_film_and_a_role_seen_casts_the_person(
    turn: str, expected: tuple[str, str, str]
) -> None:
    """ "This" or "that" alone refers as "it" does (before: an entity named "This"); a name
    seen as a role that is no name stars in the film (no character)."""
    found = facts_of(OPENING, turn)
    assert expected in found
    assert not {f for f in found if f[0] in ("This", "That") or f[1] == "character"}


@pytest.mark.parametrize(
    "turns",
    [
        (
            "Monica is home.",
            "Monica is putting things into her purse as Phoebe and Rachel watch.",
        ),
        ("Ross is here.", "I liked Ross's performance."),
    ],
)
def test_cast_frames_need_a_work_known_to_be_one(turns: tuple[str, ...]) -> None:
    """A person of unknown kind under discussion is no film: the frames that read "the film"
    into a sentence read nothing."""
    found = facts_of(*turns)
    assert not {f for f in found if f[1] in ("starring", "character")}


@pytest.mark.parametrize(
    "turn",
    [
        "I am a big fan of Ryan O'Neal, so I liked that he was in it as well.",
        "Yeah Ryan O'Neal is a great actor, and I think he played the part well.",
        "I was glad Ryan O'Neal was in it.",
    ],
)
def test_a_person_in_an_embedded_or_second_clause_stars_in_the_film(turn: str) -> None:
    """ "..., so I liked that he was in it": an embedded clause says who is in the film, and
    "he" is the person named before it in its own sentence; a coordinate clause's lead ("I
    think") is cut as a sentence's is."""
    assert ("Paper Moon", "starring", "Ryan O'Neal") in facts_of(OPENING, turn)
