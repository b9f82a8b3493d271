"""What a pronoun or a definite mention says about its antecedent, in English and Chinese.

A `Cue` is the agreement a referring word asks of the entity it refers to: its person (first
person is the speaker, never a referent), kinds it can be (a person for he/she/他/她; a thing,
work or place for it/它), gender, number, and a class noun ("the film", 这部电影, 该片: film).
The rule (docs/write.md, "Who a sentence is about"):

* I, me, my, we, our; 我, 我们, 咱们, 本人: the speaker (never a referent);
* he, him, his, himself; 他: the most recent person not known to be female, singular;
* she, her, hers, herself; 她: the most recent person not known to be male, singular;
* it, its, itself; 它: the most recent singular non-person (work, place, organisation, thing);
* 其: the most recent singular referent of any kind;
* they, them, their; 他们, 她们, 它们: the most recent plural referent, or organisation;
* the/this/that film, movie, song, album, book, show, band, place...; 这部电影, 该片, 此片,
  这首歌, 这张专辑, 那个地方, 这里, 该X: the most recent referent of that class noun, else of
  the noun's kind.

Gender comes only from the language: a he/she that resolves to a person of unknown gender
gives that person the gender (so a later "she" does not take "Ethan Hawke" once "he" did),
and class nouns that carry one (actress, 女演员, 女歌手). Chinese 他 is also the generic
pronoun: it never excludes a person of unknown gender, and excludes one known female.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graph.domain.discourse import Gender, Kind

PERSON: frozenset[Kind] = frozenset({"person"})
NON_PERSON: frozenset[Kind] = frozenset({"work", "place", "organization", "thing"})
ANY: frozenset[Kind] = PERSON | NON_PERSON


@dataclass(frozen=True)
class Cue:
    """The agreement a referring expression asks of its antecedent."""

    kinds: frozenset[Kind]
    gender: Gender = ""
    plural: bool = False
    noun: str = ""


FIRST_PERSON_EN = frozenset(
    {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"}
)
FIRST_PERSON_ZH = ("我们", "咱们", "本人", "我", "咱", "俺")
_LATIN_WORD = re.compile(r"[A-Za-z]+")


def says_first_person(text: str, language: str) -> bool:
    """Does `text` say I, me, we, 我, 我们, 本人...: what a fact about the speaker needs."""
    if language == "zh":
        return any(word in text for word in FIRST_PERSON_ZH)
    return any(word.lower() in FIRST_PERSON_EN for word in _LATIN_WORD.findall(text))


PRONOUNS_EN: dict[str, Cue] = {
    **dict.fromkeys(("he", "him", "his", "himself"), Cue(PERSON, "m")),
    **dict.fromkeys(("she", "her", "hers", "herself"), Cue(PERSON, "f")),
    **dict.fromkeys(("it", "its", "itself"), Cue(NON_PERSON)),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), Cue(ANY, plural=True)),
}
PERSONAL = frozenset(("he", "him", "his", "himself", "she", "her", "hers", "herself"))
"""The English pronouns for one person: besides the referents under discussion, a name said
before the pronoun in its own sentence ("I am a fan of Tim McGraw, so I liked that he was in
it"); "it" is as often the situation or the film as a name just said ("when I was in Florida
it was scary"), and keeps to the referents under discussion."""
PRONOUNS_ZH: dict[str, Cue] = {
    "他们": Cue(ANY, plural=True),
    "她们": Cue(PERSON, "f", plural=True),
    "它们": Cue(NON_PERSON, plural=True),
    "他": Cue(PERSON, "m"),
    "她": Cue(PERSON, "f"),
    "它": Cue(NON_PERSON),
    "其": Cue(ANY),
}

# Class nouns, to the English class name and the kind it implies.
CLASSES: dict[str, tuple[str, Kind]] = {
    "film": ("film", "work"),
    "movie": ("film", "work"),
    "picture": ("film", "work"),
    "song": ("song", "work"),
    "track": ("song", "work"),
    "single": ("song", "work"),
    "album": ("album", "work"),
    "record": ("album", "work"),
    "book": ("book", "work"),
    "novel": ("book", "work"),
    "show": ("show", "work"),
    "series": ("show", "work"),
    "play": ("show", "work"),
    "game": ("game", "work"),
    "band": ("band", "organization"),
    "group": ("band", "organization"),
    "company": ("company", "organization"),
    "team": ("team", "organization"),
    "place": ("place", "place"),
    "city": ("place", "place"),
    "town": ("place", "place"),
    "park": ("place", "place"),
    "museum": ("place", "place"),
    "restaurant": ("place", "place"),
    "temple": ("place", "place"),
    "hotel": ("place", "place"),
    "spot": ("place", "place"),
    "电影": ("film", "work"),
    "影片": ("film", "work"),
    "片子": ("film", "work"),
    "片": ("film", "work"),
    "动画": ("film", "work"),
    "剧": ("show", "work"),
    "电视剧": ("show", "work"),
    "歌": ("song", "work"),
    "歌曲": ("song", "work"),
    "曲子": ("song", "work"),
    "曲": ("song", "work"),
    "专辑": ("album", "work"),
    "唱片": ("album", "work"),
    "书": ("book", "work"),
    "小说": ("book", "work"),
    "乐队": ("band", "organization"),
    "乐团": ("band", "organization"),
    "组合": ("band", "organization"),
    "公司": ("company", "organization"),
    "地方": ("place", "place"),
    "景点": ("place", "place"),
    "景区": ("place", "place"),
    "公园": ("place", "place"),
    "博物馆": ("place", "place"),
    "寺": ("place", "place"),
    "地儿": ("place", "place"),
    "城市": ("place", "place"),
    "艺术馆": ("place", "place"),
    "美术馆": ("place", "place"),
    "纪念馆": ("place", "place"),
    "园": ("place", "place"),
    "人": ("", "person"),
    "演员": ("", "person"),
    "歌手": ("", "person"),
    "导演": ("", "person"),
    "女演员": ("", "person"),
    "女歌手": ("", "person"),
}
FEMALE_NOUNS = frozenset(
    {
        "actress",
        "singer-songwriter",
        "女演员",
        "女歌手",
        "女星",
        "女导演",
        "女孩",
        "姑娘",
        "女士",
        "女性",
    }
)
_CLASSIFIED = "|".join(sorted((k for k in CLASSES if not k.isascii()), key=len, reverse=True))
DEFINITE_ZH = re.compile(
    rf"(?:这|那|该|此|本)(?:一)?(?:部|首|张|个|座|本|支|家|位|处|款)?(?P<noun>{_CLASSIFIED})"
    r"|(?:该|此)(?P<short>片|曲|剧|书|园|馆|地)"
    r"|(?P<here>这里|那里|这儿|那儿|这个地方|那个地方)"
    r"|(?:这|那|该)(?P<classifier>部|首|张)(?![\u4e00-\u9fff]{0,1}(?:电影|歌|专辑|片|剧))"
)
_CLASSIFIER_NOUN = {"部": "film", "首": "song", "张": "album"}
_SHORT_NOUN = {
    "片": "film",
    "曲": "song",
    "剧": "show",
    "书": "book",
    "园": "place",
    "馆": "place",
    "地": "place",
}
DEFINITE_EN = re.compile(r"\b(?:the|this|that)\s+(?P<noun>[a-z]+)\b", re.I)


def class_of(noun: str) -> tuple[str, Kind] | None:
    """(class, kind) of a class noun ("films" -> film, work; 影片 -> film, work)."""
    word = noun.lower()
    return CLASSES.get(word) or (CLASSES.get(word[:-1]) if word.endswith("s") else None)


def definite_cue(noun: str) -> Cue | None:
    """The cue of "the <noun>" / 这部<noun>, None when the noun names no class."""
    found = class_of(noun)
    if found is None or not found[0]:
        return None
    return Cue(frozenset({found[1]}), noun=found[0])


def definites_zh(text: str) -> list[Cue]:
    """The cues of every definite mention in `text` (这部电影, 该片, 这里), in text order."""
    return [cue for match in DEFINITE_ZH.finditer(text) if (cue := definite_zh(match))]


def definite_zh(match: re.Match[str]) -> Cue | None:
    """The cue of one `DEFINITE_ZH` match (这部电影, 该片, 这里, 这首)."""
    if match["noun"]:
        return definite_cue(match["noun"])
    if match["short"]:
        return definite_cue(_SHORT_NOUN[match["short"]])
    if match["here"]:
        return Cue(frozenset({"place"}), noun="place")
    return definite_cue(_CLASSIFIER_NOUN[match["classifier"]])
