"""What people say of a film's cast and makers without a relation word (issue 37): the English
frames beside `english.relations`, read on one sentence, each a class of how film talk is
written.

* **a person plays a character** (`<Person> plays|played|portrays|voices <Character>`, the
  character a capitalised name: "Idris Elba plays Chief Bogo"): the film under discussion stars
  the person, and the person's `character` is the name;
* **a person as a character** ("Culkin did a great job as Kevin McAllister", "Henry Cavill as
  Superman is ok"): the same two facts;
* **a person liked as a character** ("I especially liked Richard Dreyfuss as Matt Hooper", "I can
  just see Don Rickles as Mr. Potato Head", "I can see Tom Hanks as a detective"): a first-person
  verb of taste or sight whose object is a name as a name (or as a role: `starring` alone); the
  same two facts (and the speaker's taste: "likes X", as "I liked X" gives);
* **a person's role** ("Critics liked Sandra Bullock's role"): a name's role, performance,
  portrayal, acting, cameo, character or villain ("I liked Tim Allen's character"), anywhere in
  a statement: the film stars the name, beside what the sentence tells (`roles`);
* **a person in it** (`<Person> is|was <up to two words> in it|this|that|the movie|the film`:
  "Sandra Bullock was great in it", "Jenny Slate is in this one"): the film stars the person;
* **a role played by a person** ("Addie Loggins is played by Tatum O'Neal", "the pilot is played
  by Chris Pine", "the nervous T-Rex played by Wallace Shawn was good"): the film stars the
  person, whose `character` is the role when the role is all a name (never the film: who is
  played is a role);
* **names listed as the cast** ("A, B and C are the leads in the film", "A and B were great in
  it"): one `starring` per name (a plural verb after a single name is a list's tail: no frame);
* **a person plays a role** that is no name ("Tim McGraw plays Sandra Bullock's husband", "X
  played the detective"): the film stars the person (no `character`: the role is no name);
* **names cast as** ("John Heard and Joe Pesci are perfectly cast as the Wet Bandits") and **a
  film that stars** ("I saw this great movie the other day that stars Sandra Bullock"; "a
  movie that stars X" may be another film): the film under discussion stars each name;
* **a job done in the film** ("John Lasseter does a great job directing", "X did a fine job
  playing ..."): directing gives `directed_by`, playing or acting `starring`; a participle
  without a subject ("Directed by Christopher Nolan, so ...") gives `directed_by`;
* **a director named in apposition** ("Director Byron Howard, Rich Moore.", "the director John
  Lasseter did an amazing job"): the film is directed by each name.

A sentence no frame reads whole is read clause by clause (`_CLAUSES`: a comma, a semicolon,
"and" or "but" before a capital: "Aside from Moses, X plays Y, Z plays W and ...").

A release year without a subject ("Made in 2016.") is the release frame's
(`EnglishRelations._released`).

The person must be written as a name (capitalised words, no function word) or be he or she,
the person under discussion the pronoun refers to ("He plays Zuckerberg."); "it", "the film",
"this" and an absent subject are the film under discussion (`Session.topic`), never the speaker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extractors.schema import SPEAKER

_NAME = r"[A-Z][\w'’.\-]*(?:\s+(?:[A-Z][\w'’.\-]*|de|van|von|da|del|le|la)){0,3}"
_NAMES = rf"{_NAME}(?:\s*(?:,|and|&)\s*{_NAME})*"
"""Names listed with commas, "and", "&" ("Byron Howard, Rich Moore"): split by `_LISTED`."""
_LISTED = re.compile(r"\s*(?:,|\band\b|&)\s*")
_PERSON = rf"(?P<p>{_NAME}|he|she)"
"""A person's name, or he / she: the person under discussion it refers to (`Session.refer`)."""
_CHARACTER = rf"(?P<c>{_NAME})"
_PLAYS = re.compile(
    rf"^{_PERSON}\s+(?:also\s+)?(?:plays|played|portrays|portrayed|voices|voiced)\s+{_CHARACTER}"
    r"(?=\s*(?:[,.;!?(]|$|\s+(?:and|in|who|of|,)\b))"
)
_AS = re.compile(
    rf"^{_PERSON}\s+(?:(?:is|was|did|does|has\s+done|made)\s+[^.;!?]{{0,40}}?\s+)?as\s+"
    rf"{_CHARACTER}(?=\s*(?:[,.;!?(]|$|\s+(?:is|was|and|in|who)\b))"
)
_TASTED_AS = re.compile(
    r"^(?:I|We|we)\s+(?:\w+\s+){0,2}?(?:(?P<taste>(?:like|love|adore)d?|enjoy(?:ed)?)"
    r"|(?:can|could)\s+(?:\w+\s+)?(?:see|picture|imagine))\s+"
    rf"(?P<p>{_NAME})\s+as\s+(?:{_CHARACTER}|(?:a|an|the)\s+(?:\w+\s+)?\w+)"
    r"(?=\s*(?:[,.;!?(]|$|\s+(?:is|was|and|in|who|too)\b))"
)
_ROLE_OF = re.compile(
    rf"(?:^|(?<=\s))(?P<p>{_NAME})['’]s?\s+(?:\w+\s+)?"
    r"(?:role|performance|portrayal|acting|cameo|character|villain)s?\b"
)
_IN_IT = re.compile(
    rf"^{_PERSON}\s+(?:is|was)\s+(?:\w+\s+){{0,2}}?in\s+(?:it|this|that)"
    r"(?:\s+(?:one|movie|film))?\b(?!\s+(?:is|was)\b)"
)
_IN_IT_EMBEDDED = re.compile(
    rf"\b(?:that|when|because|since|how|glad|happy)\s+{_PERSON}\s+(?:is|was)\s+(?:\w+\s+){{0,2}}?"
    r"in\s+(?:it|this|that|the\s+(?:movie|film))(?:\s+(?:one|movie|film))?\b(?!\s+(?:is|was)\b)"
)
"""A person in the film, said in an embedded clause: "I liked that he was in it"."""
_IN_THE_FILM = re.compile(
    rf"^{_PERSON}\s+(?:is|was)\s+(?:\w+\s+){{0,2}}?in\s+the\s+(?:movie|film)\b\s*[.!,]?$"
)
_PLAYS_ROLE = re.compile(
    rf"^{_PERSON}\s+(?:also\s+)?(?:plays|played|portrays|portrayed|voices|voiced)\s+"
    r"(?:(?:the|a|an|his|her|their)\s+|[A-Z][\w'’.\-]*?(?:\s+[A-Z][\w'’.\-]*?){0,3}['’]s\s+)"
)
_PLAYED_BY = re.compile(rf"\b(?:played|portrayed|voiced)\s+by\s+(?P<p>{_NAME})")
"""A role played by a person, in any position ("Addie is played by Tatum O'Neal", "the nervous
T-Rex played by Wallace Shawn was good"): who is played is a role, never the film; the role is
the person's `character` when it is all a name."""
_BEING = re.compile(r"\s*\b(?:is|was|are|were|being)\s*$")
_LISTED_IN = re.compile(
    rf"^(?P<v>{_NAMES})\s+(?:are|were|is|was)\s+"
    r"(?:(?:\w+\s+){1,2}?in|the\s+(?:leads?|stars?|main\s+(?:actors?|cast))\s+(?:in|of))\s+"
    r"(?:it|this|that|the\s+(?:movie|film))\b(?!\s+(?:is|was)\b)"
)
"""Names listed as the cast ("Sally Hawkins, Michael Shannon and Octavia Spencer are the leads
in the film", "Tom Hanks and Tim Allen were great in it"; a bare "are in it" may be places): one
`starring` per name."""
_CLAUSES = re.compile(r"\s*(?:[,;]\s*(?:and\s+|but\s+)?|\s+(?:and|but)\s+)(?=[A-Z])")
"""Where a coordinate clause starts: a comma, a semicolon, "and" or "but" before a capital."""
_CAST_AS = re.compile(
    rf"^(?P<v>{_NAMES})\s+(?:is|are|was|were)\s+"
    r"(?:\w+\s+){0,2}?cast\s+(?:as|in)\b"
)
_THAT_STARS = re.compile(
    rf"\b(?:this|the|that)\s+(?:\w+\s+){{0,3}}?(?:movie|film)\b[^.;!?]{{0,40}}?\b(?:that|which)\s+"
    rf"(?:stars|starred|starring|features)\s+"
    rf"(?P<v>{_NAMES})"
)
_DIRECTOR = re.compile(
    rf"(?:^|(?<=\s))(?:[Tt]he\s+)?[Dd]irector,?\s+(?P<v>{_NAMES})"
    r"(?=\s*(?:[,.;!?]|$|\s+(?:did|does|is|was|has|made|directed|who)\b))"
)
_DIRECTED_BY = re.compile(rf"^(?:(?:it\s+was|it['’]s)\s+)?[Dd]irected\s+by\s+(?P<v>{_NAMES})")
"""A participle with no subject: "Directed by Christopher Nolan, so you know it's good"."""
_JOB = re.compile(
    rf"^{_PERSON}\s+(?:\w+\s+)?(?:did|does|has\s+done)\s+(?:a|an|such\s+a)\s+(?:\w+\s+){{0,2}}?"
    r"job\s+(?P<how>directing|playing|acting)\b"
)
"""What a person did well in the film: "John Lasseter does a great job directing", "Damien
Chazelle did a great job directing", "she did a good job acting"."""
LEAD = re.compile(
    r"^(?:(?:yes|yeah|yep|well|oh|ok|okay|so|and|but|also|actually|right|"
    r"(?:i think|i thought|i guess|i feel|i believe|i know|i heard)(?:\s+that)?|true)\b[,!\s]*)+",
    re.I,
)
"""Words before what a sentence or a coordinate clause tells ("Yeah", "I think that")."""
_NOT_PEOPLE = frozenset(
    {"I", "It", "This", "That", "He", "She", "They", "We", "You", "The", "His", "Her"}
)


TASTE = "likes"
"""The speaker's taste a first-person frame also tells ("I liked X as Y": the speaker likes X),
the predicate the clause reader gives "I liked X"."""


@dataclass(frozen=True)
class Reading:
    """One fact read: `subject` "" is the film under discussion; `agent` says the value is an
    agent of the film (starring, directed by: `EnglishRelations._inverse`)."""

    predicate: str
    subject: str
    value: str
    agent: bool = False


def cast_readings(text: str) -> list[Reading]:
    """The facts one sentence of film talk states (see the module docstring): the sentence's
    frame, or else each coordinate clause's ("Tatum O'Neal plays Addie, Ryan O'Neal plays Moses
    and ...", "Aside from Moses, X plays Y": `_CLAUSES`)."""
    found = _clause_readings(text)
    if found:
        return found
    first, *rest = _CLAUSES.split(text)
    return [r for clause in rest for r in _clause_readings(LEAD.sub("", clause))] + (
        _clause_readings(first) if rest else []
    )


def _clause_readings(text: str) -> list[Reading]:
    for frame in (_PLAYS, _AS, _TASTED_AS):
        found = frame.match(text)
        if found and _cast(found["p"]):
            tasted = found.groupdict().get("taste")
            return (
                [Reading("starring", "", found["p"], agent=True)]
                + ([Reading("character", found["p"], found["c"])] if found["c"] else [])
                + ([Reading(TASTE, SPEAKER, found["p"])] if tasted else [])
            )
    played_by = _PLAYED_BY.search(text)
    if played_by and person(played_by["p"]):
        role = _BEING.sub("", text[: played_by.start()]).strip()
        named = re.fullmatch(_NAME, role) is not None and person(role)
        return [Reading("starring", "", played_by["p"], agent=True)] + (
            [Reading("character", played_by["p"], role)] if named else []
        )
    found = _IN_IT.match(text) or _IN_THE_FILM.match(text) or _PLAYS_ROLE.match(text)
    if found and _cast(found["p"]):
        return [Reading("starring", "", found["p"], agent=True)]
    listed = _CAST_AS.match(text) or _LISTED_IN.match(text) or _THAT_STARS.search(text)
    if listed:
        return _each("starring", listed["v"])
    director = _DIRECTOR.search(text) or _DIRECTED_BY.match(text)
    if director:
        return _each("directed_by", director["v"])
    job = _JOB.match(text)
    if job and _cast(job["p"]):
        directing = job["how"] == "directing"
        return [Reading("directed_by" if directing else "starring", "", job["p"], agent=True)]
    return []


def roles(text: str) -> list[Reading]:
    """A name's role or performance told in passing, in a statement ("Critics liked Sandra
    Bullock's role", "I liked Jeff Bridges' performance"), and a person said to be in the film
    in an embedded clause ("I liked that he was in it", "I was glad Tim McGraw was in it"): the
    film under discussion stars the name, beside what the sentence tells (the speaker's taste
    stays the clause reader's)."""
    found = [
        Reading("starring", "", m["p"], agent=True)
        for m in (_ROLE_OF.finditer(text) if "s " in text else ())
        if person(m["p"])
    ]
    embedded = _IN_IT_EMBEDDED.search(text) if " in " in text else None
    if embedded and _cast(embedded["p"]):
        found.append(Reading("starring", "", embedded["p"], agent=True))
    return found


def _cast(said: str) -> bool:
    """Who a frame casts: a person's name, or a pronoun for a person ("He plays Zuckerberg.",
    "she was great in it"), resolved by the relation reader to a person under discussion."""
    return person(said) or said.lower() in _PERSONAL


_PERSONAL = frozenset({"he", "she"})


def _each(predicate: str, names: str) -> list[Reading]:
    """One agent reading of the film per person's name in a `_NAMES` list."""
    return [Reading(predicate, "", n, agent=True) for n in _LISTED.split(names) if person(n)]


def written_person(name: str) -> bool:
    """`person`, every word written capitalised ("Hugh Jackman", "Ludwig van Beethoven"): a
    bare answer's names ("All good actors" is none)."""
    return bool(re.fullmatch(_NAME, name)) and person(name)


def person(name: str) -> bool:
    """Written as a person's name: one to four capitalised words, not a pronoun or article."""
    words = name.split()
    return 0 < len(words) <= 4 and words[0] not in _NOT_PEOPLE


_GENRE_WORDS = {
    **{
        w: w
        for w in (
            "action",
            "adventure",
            "animation",
            "biopic",
            "comedy",
            "crime",
            "documentary",
            "drama",
            "family",
            "fantasy",
            "horror",
            "musical",
            "mystery",
            "noir",
            "romance",
            "sports",
            "superhero",
            "thriller",
            "war",
            "western",
            "history",
            "disaster",
            "spy",
            "teen",
            "satire",
            "slasher",
            "zombie",
            "epic",
            "heist",
            "mockumentary",
            "melodrama",
            "sitcom",
            "pop",
            "rock",
            "jazz",
            "rap",
            "country",
            "folk",
            "classical",
            "blues",
            "metal",
            "punk",
            "soul",
            "electronic",
            "indie",
            "reggae",
            "gospel",
            "opera",
            "ballad",
        )
    },
    "animated": "animation",
    "comedic": "comedy",
    "dramatic": "drama",
    "romantic": "romance",
    "historical": "history",
    "biographical": "biography",
    "sport": "sports",
    "super-hero": "superhero",
}
"""Genre words and the genre an adjective names (`animated`: animation)."""
GENRE_HEADS = frozenset(
    {
        "drama",
        "comedy",
        "musical",
        "thriller",
        "documentary",
        "animation",
        "adventure",
        "romance",
        "western",
        "horror",
        "fantasy",
        "mystery",
        "biopic",
        "melodrama",
        "satire",
        "mockumentary",
        "sitcom",
        "comedy-drama",
    }
)
"""Genre words that are nouns of a work ("it's a war drama", "a comedy/action adventure"): the
head of a class sentence names the genre with its modifiers (never "family", "war" or "rock",
which as heads are no work)."""
_GENRE_PHRASES = re.compile(
    r"\b(?:science[ -]fiction|sci-fi|martial[ -]arts|coming[ -]of[ -]age|hip[ -]hop|r&b"
    r"|black comedy|dark comedy|romantic comedy|film noir)\b",
    re.I,
)


def genres(words: str) -> list[str]:
    """The genres a description names, one per genre ("a 1997 American science fiction film":
    science fiction; "a computer-animated musical fantasy film": animation, musical, fantasy;
    "a very enjoyable comedy film": comedy); none for words that name no genre ("a great
    movie")."""
    found: list[str] = [m.group().lower() for m in _GENRE_PHRASES.finditer(words)]
    rest = _GENRE_PHRASES.sub(" ", words)
    for word in re.findall(r"[A-Za-z&\-]+", rest):
        last = word.lower().rsplit("-", 1)[-1] if "-" in word else word.lower()
        genre = _GENRE_WORDS.get(word.lower()) or _GENRE_WORDS.get(last)
        if genre and genre not in found:
            found.append(genre)
    return found


YEAR = re.compile(r"\b(?:18|19|20)\d{2}\b")

_TITLE = r"[A-Z0-9][\w'’:\-]*(?:\s+(?:[A-Z0-9][\w'’:\-]*|of|the|and|in|on|a|an|to)){0,5}"
_DESCRIBED = re.compile(
    r"\b(?:the|a|an)\s+(?:original\s+|classic\s+|new\s+)?(?P<d>(?:[\w\-&]+\s+){0,6}?)"
    rf"(?:film|movie|song|album|novel|series|show)\s+(?:[\"“](?P<q>[^\"”]{{1,60}})[\"”]|(?P<t>{_TITLE}))"
)
_DESCRIBED_AFTER = re.compile(
    r"\b(?:the|a|an)\s+(?:original\s+|classic\s+)?(?P<d>(?:18|19|20)\d{2}(?:\s+[\w\-]+){0,3}?)"
    rf"\s+(?P<t>{_TITLE})\s+(?:film|movie|song|album)\b"
)


def descriptions(text: str) -> list[Reading]:
    """A work named with its description, in any sentence, a question too: "the 2017 American
    fantasy drama film "The Shape of Water"", "the 2008 film Iron Man", "the original 2008 Iron
    Man film": its release year and one genre per genre word (nothing for a description that
    names neither: "the movie Jaws")."""
    readings: list[Reading] = []
    for frame in (_DESCRIBED, _DESCRIBED_AFTER):
        for found in frame.finditer(text):
            title = (found.groupdict().get("q") or found["t"] or "").strip()
            if not title:
                continue
            year = YEAR.search(found["d"])
            if year:
                readings.append(Reading("release_date", title, year.group()))
            readings += [Reading("genre", title, genre) for genre in genres(found["d"])]
        if readings:
            return readings
    return readings


OCCUPATIONS = (
    "actor",
    "actress",
    "singer",
    "director",
    "writer",
    "producer",
    "composer",
    "musician",
    "rapper",
    "songwriter",
    "author",
    "novelist",
    "comedian",
    "model",
    "painter",
    "poet",
    "filmmaker",
    "screenwriter",
    "dancer",
    "band",
    "artist",
    "drummer",
    "guitarist",
    "host",
    "presenter",
    "athlete",
    "player",
)
"""Nouns of what a person does ("an American actor": occupation, nationality)."""
