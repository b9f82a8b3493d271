"""Noun-phrase helpers of the English extractor: rendering, subjects, possessors and scopes.

Rendering drops the phrase's own determiners (an article inside it stays: "daughter of the
painter X"), possessive pronouns (a value's named possessor stays: "St. Mary's hospital"), relative
clauses, negated appositions ("May 3, not May 4"), adverbial time phrases, pro-adverbs of
place and time the parser hung on the noun ("works at a bakery there": the clause's "there",
not the bakery's) and scope qualifiers, keeps proper-noun casing and lower-cases a common noun
that is capitalised only because it opens the sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from extractors.discourse.session import Session
from extractors.schema import SPEAKER, USER

FIRST_PERSON = frozenset({"i", "me", "my", "mine", "we", "us", "our", "ours", "myself"})
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself"})
THIRD_PERSON = frozenset({"he", "she", "it", "they", "him", "her", "them", "its", "their", "his"})
USER_NOUNS = frozenset({"user", "users"})
NAMESPACE_NOUNS = frozenset(
    {"project", "repo", "repository", "namespace", "workspace", "codebase", "monorepo"}
)
ARTICLES = frozenset({"the", "a", "an"})
DEMONSTRATIVES = frozenset({"this", "that", "these", "those", "current"})
SCOPE_PREPS = frozenset({"for", "in", "on", "within", "under", "across", "of"})
_SKIP_DEPS = frozenset(
    {"det", "predet", "poss", "case", "relcl", "acl", "punct", "cc", "prep", "aux", "mark"}
)
_SKIP_DEPS_KEEP_PP = _SKIP_DEPS - {"prep"}
_PRO_ADVERBS = frozenset({"there", "here", "now", "then"})


@dataclass(frozen=True)
class Subject:
    """Who or what a frame is about: a placeholder (`SPEAKER`, `USER`) or a rendered phrase."""

    text: str
    tokens: tuple[Token, ...] = ()

    @property
    def is_person(self) -> bool:
        return self.text in (SPEAKER, USER)


@dataclass
class Passage:
    """Per-text state: the role, adverbial time tokens, and antecedents for pronouns."""

    assistant: bool
    time_tokens: frozenset[int] = frozenset()
    subjects: list[Subject] = field(default_factory=list)
    nouns: list[tuple[str, bool]] = field(default_factory=list)
    moved_subjects: dict[int, Token] = field(default_factory=dict)
    """Repaired parses: clause head index -> its subject, taken from a mis-attached conjunct."""
    session: Session = field(default_factory=Session)
    """The conversation's discourse: what he/she/it/they and "the film" refer to."""

    def pronoun_person(self, word: str) -> str | None:
        """Placeholder for a personal pronoun, None when it is not first/second person."""
        if word in FIRST_PERSON:
            return SPEAKER
        if word in SECOND_PERSON:
            return USER if self.assistant else ""
        return None

    def antecedent(self, plural: bool) -> str | None:
        for text, is_plural in reversed(self.nouns):
            if is_plural == plural or not plural:
                return text
        return self.nouns[-1][0] if self.nouns else None


def repair_coordination(sentence: Iterable[Token], passage: Passage) -> None:
    """ "A is X and B is Y" is often parsed with B as a conjunct of X and no subject for the
    second "is": give that clause B back as its subject (and take B out of X's values)."""
    for token in sentence:
        if token.dep_ not in ("conj", "ccomp") or token.pos_ not in ("AUX", "VERB") or token.i == 0:
            continue
        if any(c.dep_ in ("nsubj", "nsubjpass") for c in token.children):
            continue
        before = token.doc[token.i - 1]
        while before.dep_ != "conj" and before.head.i != before.i and before.head.i < token.i:
            before = before.head
        if before.dep_ == "conj" and before.pos_ in ("NOUN", "PROPN"):
            passage.moved_subjects[token.i] = before


def lower(token: Token) -> str:
    return token.text.lower()


def has_named_casing(token: Token) -> bool:
    return bool(token.pos_ == "PROPN" or token._.ident_kind or token.ent_type_)


def _word(token: Token) -> str:
    if token.is_sent_start and not has_named_casing(token) and token.text.istitle():
        return token.text if _starts_a_name(token) else token.text.lower()
    return token.text


def _starts_a_name(token: Token) -> bool:
    """ "Pia Sand plays ...": a first word the tagger missed, modifying the proper name right
    after it, is the name's first part (its case is the writer's, not the sentence's)."""
    head = token.head
    return (
        token.dep_ in ("compound", "amod")
        and head.i == token.i + 1
        and head.pos_ == "PROPN"
        and head.text.istitle()
    )


def _excluded(token: Token, passage: Passage, keep_pp: bool, owner: bool = False) -> bool:
    if token.i in passage.time_tokens:
        return True
    skip = _SKIP_DEPS_KEEP_PP if keep_pp else _SKIP_DEPS
    if token.dep_ == "prep" and keep_pp:
        return is_scope_pp(token) or is_duration_pp(token)
    if token.dep_ == "neg" or _rejected(token):
        return True
    if token.dep_ == "advmod" and lower(token) in _PRO_ADVERBS:
        return True
    if token.tag_ == "HYPH" or (owner and _named_possessor(token)):
        return False
    return token.dep_ in skip or (token.dep_ == "conj" and not same_entity(token, token.head))


def _named_possessor(token: Token) -> bool:
    """A proper name owning the thing is part of its name ("St. Mary's hospital", "Joe's
    Diner", "works at John's bakery"), with its "'s"; "my", "his" and common nouns are not."""
    owner = token.head if token.dep_ == "case" else token
    return owner.dep_ == "poss" and owner.pos_ == "PROPN"


_UNITS = frozenset({"second", "minute", "hour", "day", "week", "month", "year", "decade"})


def is_duration_pp(prep: Token) -> bool:
    """ "for five years", "over a decade": how long, not part of the thing named ("worked at
    Initech for five years" kept "Initech for five years" as the employer)."""
    obj = pobj_of(prep)
    if lower(prep) not in ("for", "over", "during") or obj is None:
        return False
    return obj.lemma_.lower() in _UNITS  # "for Friday" is a target, not a duration


def _rejected(token: Token) -> bool:
    """An apposition or conjunct introduced by "not": the rejected half of a correction."""
    if token.dep_ not in ("appos", "conj", "npadvmod"):
        return False
    if any(c.dep_ == "neg" for c in token.children):
        return True
    before = [t for t in token.doc[token.head.i + 1 : token.left_edge.i] if not t.is_punct]
    return bool(before) and lower(before[-1]) == "not"


def phrase_tokens(
    head: Token, passage: Passage, *, keep_pp: bool = False, owner: bool = False
) -> list[Token]:
    """Tokens of the phrase headed by `head`, minus what rendering drops (see module doc);
    `owner`: a value's named possessor stays ("St. Mary's hospital"), where a subject's is
    its owner ("Atlas's cache": Atlas)."""
    keep: list[Token] = []
    stack = [head]
    while stack:
        token = stack.pop()
        keep.append(token)
        for child in token.children:
            of_pp = child.dep_ == "prep" and not keep_pp and _of_phrase(child)
            kept = not _excluded(child, passage, keep_pp, owner) or same_entity(child, head)
            if of_pp or kept or _inner_article(child, head):
                stack.append(child)
    return sorted(keep, key=lambda t: t.i)


def _inner_article(token: Token, head: Token) -> bool:
    """An article of a prepositional object inside the phrase ("daughter of the painter X"),
    not the phrase's own: dropping it
    would change the name, where the phrase's own leading article carries nothing."""
    if token.dep_ != "det" or lower(token) not in ARTICLES:
        return False
    above = token.head
    while above.i not in (head.i, above.head.i):
        if above.dep_ == "pobj":
            return True
        above = above.head
    return False


def _of_phrase(prep: Token) -> bool:
    return lower(prep) == "of" and not is_scope_pp(prep)


def render(tokens: Iterable[Token]) -> str:
    """Surface text of `tokens` with single spaces where the source had whitespace."""
    ordered = sorted((t for t in tokens if not t.is_space), key=lambda t: t.i)
    parts: list[str] = []
    for index, token in enumerate(ordered):
        parts.append(_word(token))
        following = ordered[index + 1] if index + 1 < len(ordered) else None
        if following is not None and (token.whitespace_ or following.i != token.i + 1):
            parts.append(" ")
    return " ".join("".join(parts).split()).strip(" ,;:-")


def same_entity(a: Token, b: Token) -> bool:
    """Both tokens inside one named entity: every token after the first continues it.

    Read from the tokens' IOB marks, not `doc.ents` (a scan of the whole text per call made
    long messages quadratic)."""
    if not a.ent_type_ or a.ent_type_ != b.ent_type_:
        return False
    low, high = sorted((a.i, b.i))
    return all(a.doc[i].ent_iob_ == "I" for i in range(low + 1, high + 1))


def ents_within(doc: Doc, start: int, end: int) -> list[Span]:
    """The named entities wholly inside characters [start, end), from the tokens' IOB marks
    (`Span.ents` scans the whole document on every call)."""
    covered = doc.char_span(start, end, alignment_mode="contract")
    if covered is None:
        return []
    found: list[Span] = []
    for token in covered:
        if token.ent_iob_ != "B":
            continue
        stop = token.i + 1
        while stop < covered.end and doc[stop].ent_iob_ == "I":
            stop += 1
        if stop < len(doc) and doc[stop].ent_iob_ == "I":
            continue  # the entity runs on past the window
        found.append(Span(doc, token.i, stop, label=token.ent_type_))
    return found


def pobj_of(prep: Token) -> Token | None:
    for child in prep.children:
        if child.dep_ in ("pobj", "pcomp"):
            return child
    return None


def is_scope_pp(prep: Token) -> bool:
    """A prepositional phrase naming a project or namespace: "for project A", "in the repo"."""
    obj = pobj_of(prep)
    if obj is None or lower(prep) not in SCOPE_PREPS:
        return False
    return namespace_head(obj) is not None


def namespace_head(token: Token) -> Token | None:
    if token.lemma_.lower() in NAMESPACE_NOUNS:
        return token
    for child in token.children:
        if child.dep_ == "compound" and child.lemma_.lower() in NAMESPACE_NOUNS:
            return token
    return None


def scope_text(obj: Token, passage: Passage) -> str:
    """Normalised scope: lower case, single spaces; "this project" -> "this_project"."""
    dets = [c for c in obj.children if c.dep_ == "det" and lower(c) in DEMONSTRATIVES]
    mods = [c for c in obj.children if c.dep_ == "amod" and lower(c) in DEMONSTRATIVES]
    if dets or mods:
        return f"this_{obj.lemma_.lower()}"
    return " ".join(render(phrase_tokens(obj, passage)).lower().split())


def scope_of(head: Token, passage: Passage, used: frozenset[int] = frozenset()) -> str:
    """The scope named by a prepositional child of `head` (not one already used as a value)."""
    for child in head.children:
        obj = pobj_of(child) if child.dep_ == "prep" and is_scope_pp(child) else None
        if obj is not None and obj.i not in used:
            return scope_text(obj, passage)
    return ""


def has_scope(noun: Token) -> bool:
    return any(c.dep_ == "prep" and is_scope_pp(c) for c in noun.children)


def possessor(noun: Token) -> Token | None:
    for child in noun.children:
        if child.dep_ == "poss":
            return child
    return None


def of_object(noun: Token) -> Token | None:
    for child in noun.children:
        if child.dep_ == "prep" and lower(child) == "of":
            return pobj_of(child)
    return None


def is_named(token: Token) -> bool:
    return bool(has_named_casing(token) or any(c.dep_ == "compound" for c in token.children))
