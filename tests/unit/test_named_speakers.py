"""A speaker given by a message's `name` (OpenAI-style chat messages) is a person under
discussion after their turn, as a transcript line's label ("Joey: ...") makes them: a later
"he" in another speaker's turn can refer to them (`Job.speaker`, `Discourse.spoken_by`)."""

from __future__ import annotations

from datetime import UTC, datetime

from extractors.rules import RuleExtractor
from extractors.schema import Job
from graph.domain.discourse import Discourse, Referent

REF = datetime(2024, 1, 1, tzinfo=UTC)
JOEY = Referent(name="Joey", kind="person")


def _names(state: Discourse) -> list[str]:
    return [r.name for r in state.referents]


def test_a_named_speaker_is_under_discussion_after_the_turn() -> None:
    jobs = [Job("I'm nervous about the audition.", REF, conversation="c", speaker="Joey")]
    after = RuleExtractor().read_turns(jobs)[0].context.after
    assert after.named("Joey") == JOEY


def test_a_later_pronoun_in_another_speakers_turn_refers_to_the_named_speaker() -> None:
    jobs = [
        Job("I'm nervous about the audition.", REF, conversation="c", speaker="Joey"),
        Job("He will be great, he always is.", REF, conversation="c", speaker="Monica"),
    ]
    readings = RuleExtractor().read_turns(jobs)
    assert "Joey" in {c.subject for c in readings[1].facts}, readings[1].facts
    assert readings[1].context.after.named("Joey") == Referent("Joey", "person", "m")


def test_the_speaker_stays_behind_the_names_their_turn_says() -> None:
    ross = Referent(name="Ross", kind="person", gender="m")
    said = Discourse(referents=(ross.older(),)).next_turn().mentioning([ross])
    assert _names(said.spoken_by(JOEY, 1)) == ["Ross", "Joey"]
    older = Discourse(referents=(Referent("Joey", "thing", age=2), ross.older()))
    assert _names(older.spoken_by(JOEY, 0)) == ["Joey", "Ross"]
    assert older.spoken_by(JOEY, 0).named("Joey") == JOEY


def test_the_speaker_goes_behind_what_the_turn_said_in_a_state_carried_between_adds() -> None:
    chandler = Referent(name="Chandler", kind="person")
    jobs = [
        Job("Ross is here.", REF, context=Discourse(referents=(chandler,)), speaker="Joey"),
        Job("Chandler is here.", REF, context=Discourse(referents=(chandler,)), speaker="Joey"),
    ]
    ross, again = (r.context.after for r in RuleExtractor().read_turns(jobs))
    assert _names(ross)[:3] == ["Ross", "Joey", "Chandler"]
    assert _names(again)[:2] == ["Chandler", "Joey"]


def test_no_name_no_speaker_referent() -> None:
    jobs = [Job("I'm nervous about the audition.", REF, conversation="c")]
    assert _names(RuleExtractor().read_turns(jobs)[0].context.after) == []
