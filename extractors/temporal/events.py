"""Event facts: a sentence that tells of something at a time leaves a dated record of it.

When a statement sentence has a time phrase ("Took a quick trip to Lyon last week", "Last
week, my cousin came over", 趣跑购物节的时间是下周六晚上七点) and none of the facts read from
it carries that time (no rule knew the verb, the sentence has no subject, or the time was read
as a value), the sentence becomes one `event_at` fact (multi-valued, category "event") of the
speaker: the value is the sentence without its time phrase, the time is the phrase. So "when
did I go to Lyon?" has a dated answer even where no predicate table knows "take a trip".

Not events: questions; a time that is a target or a deadline ("book the flight for Friday",
"by Monday", "until 2024": the statement's own time is when it was said); a sentence whose
facts already carry its time; a sentence about a third party, which tells that party's event,
not the speaker's (a fact about the user needs first person or the user's name: issue 37): its
subject he, she, his, her, 他, 她 ("He was born in 1970.", "她上周去了北京。"), a date that is
the value of a relation people state about others (a film's release date, a birthday:
`extractors.discourse.relations`), or a span the relation readers found said of a party
nothing resolves (`others`: "是2004年上映的。" with no film under discussion); and, without
first person, a sentence about a third party under discussion (`_of_a_third_party`: a fact of
it about someone else; its subject a pronoun or a name of someone under discussion).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import datetime

from extractors.discourse.cues import (
    PRONOUNS_EN,
    PRONOUNS_ZH,
    Cue,
    says_first_person,
)
from extractors.discourse.relations import default_relations
from extractors.discourse.resolve import resolve
from extractors.schema import SPEAKER, USER, CandidateFact, Language, TimeMention
from extractors.temporal.resolve import find_times
from graph.domain.discourse import Discourse
from graph.domain.enums import FactType

EVENT = "event_at"
_SENTENCE = re.compile(r"[^.!?;。！？；\n]+[.!?;。！？；]*")
_TARGET = re.compile(r"(?:(?<![A-Za-z])(?:for|by|until|till|before)|[为截])\s*$", re.IGNORECASE)
_EDGES = " \t,，、;；:：.。!！-—"
_LEADING = re.compile(r"^(?:and|but|so|then|also|well|oh|um|uh)\b[\s,]*", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_GOVERNING = re.compile(
    r"(?:(?<![A-Za-z])(?:back in|in|on|at|during|since|around|about|over|circa)|[在于])\s*$", re.I
)
"""A preposition left dangling when the time phrase it introduced is taken out."""
_COPULA_END = re.compile(r"\s+(?:is|are|was|were|will be|'s)$", re.IGNORECASE)
"""A copula left at the end ("The meeting is [on Monday]"): the event is "The meeting"."""
_THIRD_PERSON = re.compile(r"^(?:(?:he|she|his|her)\b|[他她](?![们乡]))", re.IGNORECASE)
_WORDS = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[A-Za-z]+")
"""An English word (the pronoun an event starts with)."""
_OWN = frozenset({SPEAKER, USER})
_THIRD_ZH = re.compile(r"(?<!其)(?:他们|她们|它们|他|她|它)")
"""A Chinese third-person pronoun (not 其他, 其它: "other")."""
CONFIDENCE = 0.6
_TIME_ATTRIBUTE = re.compile(
    r"(?:时间|日期|日子|(?:^|[_\s])(?:time|date|day|when))$", re.IGNORECASE
)
"""A predicate naming an event's time ("X的时间", "the party's date"): its value dates X."""


def with_events(
    text: str,
    facts: Sequence[CandidateFact],
    reference: datetime,
    language: Language,
    others: Sequence[tuple[int, int]] = (),
    before: Discourse | None = None,
) -> list[CandidateFact]:
    """`facts` and the event facts of `text`'s dated statement sentences (module doc);
    `others` are spans of `text` said of a third party nothing resolves, `before` the
    discourse state the turn was read in (who is under discussion)."""
    mentions = _when(text, reference, language)
    if not mentions:
        return list(facts)
    out = list(facts)
    for start, sentence in _sentences(text):
        end = start + len(sentence)
        own = [m for m in mentions if start <= m.span[0] < end]
        mine = [f for f in facts if start <= f.span[0] < end and f.predicate != EVENT]
        if not own or sentence.rstrip().endswith(("?", "？")) or _dated(mine, own, held=True):
            continue
        told = [f for f in facts if f.span[0] < end and start < f.span[1]]  # hours run on
        if any(a < end and start < b for a, b in others) or _held_by_relation(told, own):
            continue
        value = _description(sentence, own, start, "" if language == "zh" else " ")
        if not says_first_person(sentence, language) and _of_a_third_party(
            sentence, value, mine, before, language
        ):
            continue
        if len(value) >= (4 if language == "zh" else 8) and not _THIRD_PERSON.match(value):
            out.append(_event(value, own[0], start, sentence, language))
    return out


def _of_a_third_party(
    sentence: str,
    value: str,
    facts: Sequence[CandidateFact],
    before: Discourse | None,
    language: Language,
) -> bool:
    """Is a sentence without first person about a third party, so that its time is that
    party's and not when the speaker did something? When a fact read from it has someone else
    as its subject ("2007年03月22日，发行后便获得不少的好评。" with an album under discussion:
    the album's acclaim), or when its subject (what its words start with, the time left out)
    is a third-person pronoun that refers to someone under discussion ("In 2017 it was
    everywhere.", "去年它又上映了一次。") or the name of someone under discussion doing something.
    A note of when something is ("The Lakeview party is next Saturday.", its party under
    discussion or not) is only the name: it stays the speaker's event, as does a sentence
    about nobody under discussion ("Took a quick trip to Lyon last week." said again)."""
    if any(f.subject not in _OWN for f in facts):
        return True
    if before is None or not before.referents:
        return False
    cue = _leading_pronoun(value, language)
    if cue is not None:
        return resolve(before, cue) is not None
    return any(_starts_with(value, r.name, language) and value != r.name for r in before.referents)


def _leading_pronoun(value: str, language: Language) -> Cue | None:
    """The cue of a third-person pronoun the event's words start with (its subject)."""
    if language == "zh":
        found = _THIRD_ZH.match(value)
        return PRONOUNS_ZH[found.group(0)] if found is not None else None
    first = _WORD.match(value)
    return PRONOUNS_EN.get(first.group(0).lower()) if first is not None else None


def _starts_with(value: str, name: str, language: Language) -> bool:
    if not value.lower().startswith(name.lower()):
        return False
    rest = value[len(name) : len(name) + 1]
    return language == "zh" or not name.isascii() or not rest.isalnum()


def _when(text: str, reference: datetime, language: Language) -> list[TimeMention]:
    found = find_times(text, reference, lang=language)
    return [m for m in found if m.role == "at" and not _TARGET.search(text, 0, m.span[0])]


def _sentences(text: str) -> Iterator[tuple[int, str]]:
    for match in _SENTENCE.finditer(text):
        if match.group(0).strip():
            yield match.start(), match.group(0)


def _dated(facts: Sequence[CandidateFact], own: list[TimeMention], *, held: bool) -> bool:
    """Does a fact of the sentence already carry one of its times, or hold it as its value
    ("my birthday is May 4": the date is what the fact says, not when something happened)?
    A value of a time attribute ("the party's date is", 时间是) is an event's time."""
    said = {(m.text, m.start) for m in own}
    for fact in facts:
        if fact.time is not None and (fact.time.text, fact.time.start) in said:
            return True
        if (
            held
            and not _time_attribute(fact.predicate)
            and any(_is_value(m.text, fact.value) for m in own)
        ):
            return True
    return False


def _held_by_relation(facts: Sequence[CandidateFact], own: list[TimeMention]) -> bool:
    """A time inside the value of a relation said of someone (a place's hours "周一9:00-16:00，
    周二-周日9:00-17:00") is part of that value, not when the speaker did something."""
    return any(
        m.text in fact.value and default_relations().get(fact.predicate) is not None
        for fact in facts
        for m in own
    )


def _time_attribute(predicate: str) -> bool:
    """A predicate naming an event's time, not a relation whose value is a date of its own
    subject (release_date, birthday)."""
    return bool(_TIME_ATTRIBUTE.search(predicate)) and default_relations().get(predicate) is None


def _is_value(phrase: str, value: str) -> bool:
    """Is the value the time itself ("May 4"), not a phrase holding it ("meet tomorrow")?"""
    return phrase in value and not _WORDS.search(value.replace(phrase, ""))


def _description(sentence: str, own: list[TimeMention], start: int, joiner: str) -> str:
    """The sentence without its time phrases (and the preposition that introduced each: "but
    I stopped [in 2019]"), edges and a leading conjunction trimmed."""
    kept, cursor = [], 0
    for mention in own:
        kept.append(_GOVERNING.sub("", sentence[cursor : mention.span[0] - start]))
        cursor = mention.span[1] - start
    kept.append(sentence[cursor:])
    text = _SPACES.sub(" ", joiner.join(part.strip(_EDGES) for part in kept)).strip(_EDGES)
    return _COPULA_END.sub("", _LEADING.sub("", text).strip(_EDGES)).strip(_EDGES)


def _event(
    value: str, time: TimeMention, start: int, sentence: str, language: Language
) -> CandidateFact:
    stripped = sentence.strip()
    offset = start + sentence.index(stripped[:1]) if stripped else start
    return CandidateFact(
        subject=SPEAKER,
        predicate=EVENT,
        value=value,
        category="event",
        confidence=CONFIDENCE,
        fact_type=FactType.FACT,
        span=(offset, offset + len(stripped)),
        sentence=stripped,
        time=time,
        language=language,
    )
