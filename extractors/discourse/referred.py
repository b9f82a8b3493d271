"""Whom a turn's personal pronouns refer to: the names a turn is found by beside its words.

"Phoebe Buffay: All right. I kissed him before." said while Joey is under discussion is about
Joey, though it never names him: a search for "Who did Joey kiss?" shares only "kiss" with it,
and every other turn about a kiss shares as much. The discourse state the turn was read in
knows who "him" is, so the episode keeps that name (`TurnContext.referred`) and its keyword
index holds it beside the turn's own words (`graph.textindex.episode_text`).

The rule is the extractors' (`cues`, `resolve`): each third-person singular personal pronoun
(he, him, his, she, her...; 他, 她, not 他们, nor the 他 of 其他 "other" or 吉他 "guitar") refers to
the most recent person that agrees with it, where the most recent are first the names the turn
itself said before the pronoun ("Ross is great. He's in a whole other place": Ross), then the
referents under discussion when the turn began (`TurnContext.before`). The speaker is never the
referent (one says "I"), and a name the turn says itself is not added again.

A name is kept only when the resolver is sure of it: the pronoun's gender is the one the state
knows of that person (from a class noun, a kin or role word, or an earlier pronoun that referred
to them), not merely one nothing contradicts. A person of unknown gender is the most recent
name as often by accident as by reference: in a conversation of several speakers it is most
often the speaker just before, who is spoken to, not of ("Joey: I had to kiss this guy."
"Chandler: 'Cause he was just so darn cute": he is the guy, not Joey), and a turn that matches a
name it does not mean takes a place in every search for that name (FriendsQA's dev half: "What
did Joey just do?" lost its answer to such a turn; KdConv: a conversation's every 她 matched the
singer's name before her gender was known, crowding the turn with the answer).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from extractors.discourse.cues import PERSON, PRONOUNS_EN, PRONOUNS_ZH, Cue
from extractors.discourse.resolve import resolve
from graph.domain.discourse import Discourse, Referent, TurnContext

_LATIN = re.compile(r"[A-Za-z]+")
_ZH = re.compile(r"(?<![其吉])[他她](?!们)")
_PERSONAL = {
    word: cue
    for word, cue in (*PRONOUNS_EN.items(), *PRONOUNS_ZH.items())
    if cue.kinds == PERSON and not cue.plural
}


def with_referred(context: TurnContext, speaker: str, text: str) -> TurnContext:
    """`context` with the names `text`'s personal pronouns refer to (`referred`)."""
    return replace(context, referred=referred(context, speaker, text))


def referred(context: TurnContext, speaker: str, text: str) -> tuple[str, ...]:
    """The names (in order, each once) the personal pronouns of `text`, said by `speaker`,
    refer to, but the speaker and the names `text` says itself."""
    own = _named_in(context.after, text)
    folded = text.casefold()
    found: list[str] = []
    for position, cue in _pronouns(text):
        earlier = [referent for at, referent in own if at < position]
        state = (*earlier, *context.before.referents)
        candidates = tuple(r for r in state if not _same_person(r.name, speaker))
        referent = resolve(Discourse(referents=candidates), cue)
        if referent is not None and _sure(referent, cue) and referent.name.casefold() not in folded:
            found.append(referent.name)
    return tuple(dict.fromkeys(found))


def _sure(referent: Referent, cue: Cue) -> bool:
    """Is the pronoun's gender the one known of `referent` (not merely not contradicted)?"""
    return bool(referent.gender) and referent.gender == cue.gender


def _named_in(state: Discourse, text: str) -> list[tuple[int, Referent]]:
    """The referents `text` names, by where it first names them, the latest first."""
    at = [(text.find(referent.name), referent) for referent in state.referents]
    return sorted(((p, r) for p, r in at if p >= 0), key=lambda pair: -pair[0])


def _pronouns(text: str) -> Iterator[tuple[int, Cue]]:
    """Each third-person singular personal pronoun of `text`: where it is, what it asks."""
    for match in _LATIN.finditer(text):
        cue = _PERSONAL.get(match.group(0).casefold())
        if cue is not None:
            yield match.start(), cue
    for match in _ZH.finditer(text):
        yield match.start(), _PERSONAL[match.group(0)]


def _same_person(name: str, speaker: str) -> bool:
    """Is `name` the speaker's ("Joey" of "Joey Tribbiani")?"""
    spoken = {word.casefold() for word in _LATIN.findall(speaker)} or {speaker}
    return bool(spoken.intersection(word.casefold() for word in _LATIN.findall(name))) or (
        bool(speaker) and name == speaker
    )
