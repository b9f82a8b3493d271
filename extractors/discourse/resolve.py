"""Resolving a referring expression against the discourse state (the rule: `cues`)."""

from __future__ import annotations

from collections.abc import Iterable

from extractors.discourse.cues import ANY, Cue
from graph.domain.discourse import Discourse, Kind, Referent


def agrees(referent: Referent, cue: Cue) -> bool:
    """Can `referent` be what `cue` refers to? A referent of unknown kind ("thing": a name
    nothing typed, "Atlas", "Bob") agrees with any kind."""
    if referent.kind not in cue.kinds and referent.kind != "thing":
        return False
    if cue.noun and referent.noun and referent.noun != cue.noun:
        return False
    if cue.gender and referent.gender and referent.gender != cue.gender:
        return False
    if cue.plural:
        return referent.plural or referent.kind == "organization"
    return not referent.plural


def resolve(state: Discourse, cue: Cue, besides: str = "") -> Referent | None:
    """The most recent referent that agrees with `cue`. A cue for things prefers a referent
    whose kind is known (a work, a place, an organisation) over one of unknown kind (a word
    the tagger guessed, "Harry", "Pixar"; a phrase that was a sentence's subject): a class
    noun ("the film", 这部电影) always, and a pronoun (it, 它) while a referent introduced with
    a class noun is under discussion (the film a conversation is about: "Also Harry Styles is
    in it." then "It is a war drama." is the film); with none, the most recent of any kind
    ("Atlas is our CLI. It supports Linux."). Never one `besides` names (the value of the
    relation the cue is the subject of: "He plays Lex Luthor" is not Lex Luthor)."""
    referents = (
        [r for r in state.referents if r.name not in besides] if besides else state.referents
    )
    if "person" not in cue.kinds:
        known = [r for r in referents if r.kind != "thing" and agrees(r, cue)]
        if known and (cue.noun or any(r.noun for r in known)):
            return known[0]
    return next((r for r in referents if agrees(r, cue)), None)


def topic(state: Discourse, kinds: Iterable[Kind] = ANY, value: str = "") -> Referent | None:
    """The entity a sentence without a subject is about: the most recent singular referent
    known to be of one of `kinds` (a relation said of films takes the film under discussion),
    else the most recent one of unknown kind. Never the one the fact's own `value` starts
    with ("木林森采摘园就在它边上" answers what is near the place before it, not near itself)."""
    cue = Cue(frozenset(kinds))
    referents = [r for r in state.referents if not (value and value.startswith(r.name))]
    known = next((r for r in referents if r.kind in cue.kinds and agrees(r, cue)), None)
    return known or next((r for r in referents if agrees(r, cue)), None)


def learned(state: Discourse, referent: Referent, cue: Cue) -> Discourse:
    """The state after `cue` referred to `referent`: the referent is the most recent again,
    and a gendered pronoun gives a person of unknown gender that gender."""
    gender = referent.gender or (cue.gender if referent.kind == "person" else "")
    return state.mentioning([referent.but(gender=gender)])
