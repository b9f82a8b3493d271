"""Whom a turn's personal pronouns refer to (`extractors/discourse/referred.py`), by class: the
names a turn is found by beside its own words."""

from __future__ import annotations

from extractors.discourse.referred import referred, with_referred
from graph.domain.discourse import Discourse, Referent, TurnContext

JOEY = Referent(name="Joey Tribbiani", kind="person", gender="m")
PHOEBE = Referent(name="Phoebe Buffay", kind="person", gender="f")
ROSS = Referent(name="Ross", kind="person", gender="m")
FILM = Referent(name="Gattaca", kind="work", noun="film")


def _in(*referents: Referent, said: tuple[Referent, ...] = ()) -> TurnContext:
    before = Discourse(referents=referents)
    return TurnContext(before=before, after=Discourse(referents=(*said, *referents)))


def test_a_pronoun_refers_to_the_person_under_discussion() -> None:
    turn = "All right. I kissed him before, I can do it again."
    assert referred(_in(JOEY), "Phoebe", turn) == ("Joey Tribbiani",)


def test_the_speaker_is_never_the_referent() -> None:
    turn = "All right. I kissed him before."
    assert referred(_in(PHOEBE, JOEY), "Phoebe Buffay", turn) == ("Joey Tribbiani",)
    assert referred(_in(JOEY), "Joey", "He said no.") == ()


def test_a_name_said_before_the_pronoun_is_its_referent_and_is_not_added_again() -> None:
    turn = "Ross is great. He's in a whole other place."
    assert referred(_in(JOEY, said=(ROSS,)), "Monica", turn) == ()
    assert referred(_in(JOEY, said=(ROSS,)), "Monica", "He left. Ross is great.") == (
        "Joey Tribbiani",
    )


def test_a_pronoun_agrees_in_gender_with_a_person_whose_gender_is_known() -> None:
    assert referred(_in(PHOEBE, ROSS), "Monica", "Did you see him?") == ("Ross",)
    assert referred(_in(ROSS, PHOEBE), "Monica", "Did you see her?") == ("Phoebe Buffay",)


def test_chinese_singular_pronouns_refer_and_plurals_do_not() -> None:
    wang = Referent(name="王芳", kind="person", gender="f")
    assert referred(_in(wang), "李雷", "我昨天见过她。") == ("王芳",)
    assert referred(_in(wang), "李雷", "他们昨天走了。") == ()


def test_a_person_whose_gender_is_unknown_is_not_sure_enough_to_be_found_by() -> None:
    joey = Referent(name="Joey Tribbiani", kind="person")
    guy = "'Cause he was just so darn cute."  # the guy Joey kissed, not Joey
    assert referred(_in(joey), "Chandler Bing", guy) == ()
    assert referred(_in(Referent(name="Rachel")), "Monica", "She's out with Carl.") == ()
    assert referred(_in(Referent(name="王芳", kind="person")), "李雷", "我昨天见过她。") == ()


def test_the_other_of_chinese_words_is_no_pronoun() -> None:
    wang = Referent(name="王力宏", kind="person", gender="m")
    assert referred(_in(wang), "李雷", "法源寺周边还有其他景点吗？") == ()
    assert referred(_in(wang), "李雷", "整张专辑都以木吉他为基调。") == ()
    assert referred(_in(wang), "李雷", "其他的不说，他的歌真好听。") == ("王力宏",)


def test_only_persons_are_referred_to_and_a_turn_without_pronouns_refers_to_nobody() -> None:
    assert referred(_in(FILM), "Sam", "It came out in 1997.") == ()
    assert referred(_in(JOEY), "Sam", "See you tomorrow.") == ()


def test_the_context_keeps_its_states_and_gains_the_names() -> None:
    context = _in(JOEY)
    found = with_referred(context, "Phoebe", "I kissed him.")
    assert (found.before, found.after, found.referred) == (
        context.before,
        context.after,
        ("Joey Tribbiani",),
    )
