"""Names in everyday phrasing (issue 32): who "my friend Bob" is, a pet's name, where "I'm at"
works, what "I can't eat X, I'm allergic" says.

A pass over one sentence's candidate facts, after either language's reader:

* **kin and role nouns before a name** ("my friend Bob", "my sister Ana", "our CTO Priya", 我朋友
  小王, 我妹妹安娜): the name is the entity ("friend Bob" -> Bob, so "Bob" and "my friend Bob"
  are one entity) and the relation is a fact of its own: `friend_of`, `sister_of`, `cto_of`
  (Bob, friend_of, the speaker). The nouns are the table's `relationship` surfaces and roles
  (`ROLES`);
* **a named pet or thing** ("a dog named Rex", "my dog's name is Rex", 一只叫旺财的狗): the
  speaker's `pet` is Rex (not "dog"), and Rex `is_a` dog;
* **"I'm at X" / "now at X" with an organisation** (a name spaCy or the reader does not take for
  a place): `works_at X`, not `located_at X`;
* **"I can't eat X, I'm allergic"** (either order, 我对X过敏 already reads): `allergy X`, not a
  diet denial and "is allergic".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from extractors.discourse.kin import kin_referents
from extractors.predicates import PredicateTable, predicate_name
from extractors.schema import SPEAKER, CandidateFact, held_in_the_past
from graph.domain.discourse import Referent
from graph.domain.enums import Role

ROLES_EN = (
    "cto",
    "ceo",
    "cfo",
    "coo",
    "founder",
    "cofounder",
    "co-founder",
    "director",
    "teacher",
    "doctor",
    "dentist",
    "coach",
    "tutor",
    "landlord",
    "lawyer",
    "neighbor",
    "neighbour",
    "boss",
    "manager",
    "colleague",
    "coworker",
    "roommate",
    "flatmate",
    "assistant",
    "mentor",
    "advisor",
    "therapist",
    "client",
)
ROLES_ZH = (
    "老师",
    "医生",
    "牙医",
    "教练",
    "房东",
    "律师",
    "邻居",
    "老板",
    "经理",
    "同事",
    "导师",
    "室友",
    "同学",
    "客户",
    "领导",
    "上司",
)
PETS_EN = (
    "dog",
    "cat",
    "puppy",
    "kitten",
    "parrot",
    "hamster",
    "rabbit",
    "horse",
    "bird",
    "fish",
    "turtle",
    "pet",
)
PETS_ZH = {
    "狗": "dog",
    "猫": "cat",
    "狗狗": "dog",
    "小狗": "dog",
    "猫咪": "cat",
    "小猫": "cat",
    "兔子": "rabbit",
    "鹦鹉": "parrot",
    "仓鼠": "hamster",
    "乌龟": "turtle",
    "金鱼": "fish",
}
_NAME_EN = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}"
_NAME_ZH = r"[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+"
_PET_EN = re.compile(
    rf"\b(?i:a|an|my|our)\s+(?P<kind>{'|'.join(PETS_EN)})\s+(?:named|called)\s+(?P<name>{_NAME_EN})"
    rf"|\b(?i:my|our)\s+(?P<kind2>{'|'.join(PETS_EN)})(?:'s|’s)\s+name\s+is\s+(?P<name2>{_NAME_EN})"
)
_PET_KINDS_ZH = "|".join(sorted(PETS_ZH, key=len, reverse=True))
_PET_ZH = re.compile(rf"(?:叫|名叫|叫做|名字叫)(?P<name>{_NAME_ZH})的(?P<kind>{_PET_KINDS_ZH})")
_AT_WORK = re.compile(
    rf"\b(?:I'?m|I am|(?P<past>I was|(?i:we were))|(?i:we'?re|we are))\s+(?i:now\s+)?at\s+"
    rf"(?P<org>{_NAME_EN})"
    rf"|\b(?i:now)\s+at\s+(?P<org2>{_NAME_EN})"
)
_ALLERGIC = re.compile(
    r"(?:can'?t|cannot|can not|don'?t|do not)\s+(?:eat|have|drink|touch)\s+(?P<food>[^,.;!?]+?)"
    r"\s*(?:[,;.!—-]|because|since|as)+\s*(?:because\s+)?I'?m\s+allergic"
    r"|I'?m\s+allergic[^.;!?]*?(?:can'?t|cannot|don'?t)\s+(?:eat|have|drink)\s+(?P<food2>[^,.;!?]+)",
    re.I,
)
_PLACES = frozenset({"GPE", "LOC", "FAC", "place"})
_CALLED_EN = re.compile(
    rf"(?<!n't )(?<!not )(?<!never )\b(?i:call|calls)\s+me\s+(?P<name>{_NAME_EN})\b"
)
_CALLED_ZH = re.compile(
    r"(?<![不别没])(?:叫|称呼|喊)我(?:做|为)?(?P<name>[\u4e00-\u9fff]{2,3}?|[A-Z][a-z]+)"
    r"(?=就行|就好|就可以|就成|好了|吧|呀|啊|[，。！？,.!?\s]|$)"
)
_NICKNAME_ZH = re.compile(r"[小老阿][\u4e00-\u9fff]{1,2}")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august")
_TIME_NAMES = frozenset(
    (*_WEEKDAYS, *_MONTHS, "september", "october", "november", "december", "tonight", "tomorrow")
)
"""Capitalised words after "call me" that say when, not a name (Call me Monday)."""


class EverydayNames:
    """The pass, with the kin nouns of the predicate table."""

    def __init__(self, table: PredicateTable, person: Callable[[str], bool]) -> None:
        self._person = person
        """Is a Chinese phrase a person's name (the Chinese reader's test, given by the caller)."""
        kin = {key for (lang, key), name in table.surfaces.items() if name == "relationship"}
        en = sorted({k for k in kin if k.isascii()} | set(ROLES_EN), key=len, reverse=True)
        zh = sorted({k for k in kin if not k.isascii()} | set(ROLES_ZH), key=len, reverse=True)
        self._en = re.compile(
            rf"^(?P<noun>{'|'.join(map(re.escape, en))})\s+(?P<name>{_NAME_EN})$", re.I
        )
        self._zh = re.compile(rf"^(?:我|我们)的?(?P<noun>{'|'.join(zh)})(?P<name>{_NAME_ZH})$")
        self._zh_bare = re.compile(rf"^(?P<noun>{'|'.join(zh)})(?P<name>{_NAME_ZH})$")
        self._said = re.compile(rf"\b(?:my|our)\s+(?:{'|'.join(map(re.escape, en))})\b", re.I)
        self._nouns = {**{k: k for k in en}, **{k: _ZH_NOUNS.get(k, k) for k in zh}}

    def read(
        self, facts: list[CandidateFact], text: str, role: Role = Role.USER
    ) -> tuple[list[CandidateFact], list[Referent]]:
        """The facts of one turn (`text`) as the everyday phrasing means them, and the people
        and pets it named; the names a speaker goes by only from the user's turns (an
        assistant's "call me Ada" is no fact about the user)."""
        out: list[CandidateFact] = []
        named: list[Referent] = []
        for fact in facts:
            out.extend(self._fact(fact, named, text))
        out = _allergy(out, text) or out
        out = _unique(_pets(self._called(out, text) if role is Role.USER else out, named, text))
        return out, kin_referents(out) + named

    def _fact(
        self, fact: CandidateFact, named: list[Referent], text: str
    ) -> Iterable[CandidateFact]:
        fact = self._described(_at_work(fact, text))
        subject = self._named(fact.subject, text)
        value = self._named(fact.value, text)
        if subject is not None:
            fact = fact.model_copy(update={"subject": subject[1]})
        if value is not None:
            fact = fact.model_copy(update={"value": value[1]})
        yield fact
        for found in (subject, value):
            if found is not None:
                noun, name = found
                named.append(Referent(name=name, kind="person"))
                yield fact.model_copy(
                    update={
                        "subject": name,
                        "predicate": predicate_name(f"{noun} of"),
                        "value": SPEAKER,
                        "category": "relationship",
                        "attribute": None,
                        "time": None,
                        "until": None,
                        "polarity": 1,
                        "change": "",
                    }
                )

    def _called(self, facts: list[CandidateFact], text: str) -> list[CandidateFact]:
        """ "Call me Ishmael.", "You can call me Bob", 叫我小明就行, 大家都叫我老王: a name the
        speaker goes by, kept as the speaker's `alias` (beside a `name` said elsewhere, never
        superseding it). After 叫我 it is a name only when it looks like one (a surname, or
        小/老/阿 and a character or two): 妈妈叫我回家 asks the speaker to go home. Negated
        (Don't call me Bob, 别叫我小明) it is no name; what a reader made of the same words with
        a value that begins with 我 (`name 我小明就行`, `大家 我小李`) gives way."""
        found = [
            m
            for m in (*_CALLED_EN.finditer(text), *_CALLED_ZH.finditer(text))
            if self._calls(m["name"], m.re is _CALLED_ZH)
        ]
        if not found:
            return facts
        kept = [f for f in facts if not (f.value.startswith("我") and _within(f.span, found))]
        return kept + [_alias(m, text) for m in found]

    def _calls(self, name: str, chinese: bool) -> bool:
        if not chinese:
            return name.split(maxsplit=1)[0].casefold() not in _TIME_NAMES
        return name.isascii() or self._person(name) or bool(_NICKNAME_ZH.fullmatch(name))

    def _described(self, fact: CandidateFact) -> CandidateFact:
        """我妹妹安娜是医生 read as the speaker's attribute "妹妹安娜": 安娜 is a doctor."""
        found = self._zh_bare.match(fact.predicate) if fact.subject == SPEAKER else None
        if found is None:
            return fact
        return fact.model_copy(
            update={
                "subject": f"我{fact.predicate}",
                "predicate": "is_a",
                "attribute": None,
                "category": "identity",
            }
        )

    def _named(self, phrase: str, sentence: str) -> tuple[str, str] | None:
        """(relation noun, name) when `phrase` is "friend Bob" said as "my friend Bob"."""
        found = self._en.match(phrase)
        if found is not None and self._said.search(sentence):
            return self._nouns.get(found["noun"].lower(), found["noun"].lower()), found["name"]
        found = self._zh.match(phrase)
        if found is not None:
            return self._nouns.get(found["noun"], found["noun"]), found["name"]
        return None


_ZH_NOUNS = {
    "朋友": "friend",
    "妻子": "wife",
    "丈夫": "husband",
    "哥哥": "brother",
    "姐姐": "sister",
    "弟弟": "brother",
    "妹妹": "sister",
    "母亲": "mother",
    "父亲": "father",
    "妈妈": "mother",
    "爸爸": "father",
    "同事": "colleague",
    "经理": "manager",
    "老板": "boss",
    "老婆": "wife",
    "老公": "husband",
    "儿子": "son",
    "女儿": "daughter",
    "男朋友": "boyfriend",
    "女朋友": "girlfriend",
    "室友": "roommate",
    "同学": "classmate",
    "老师": "teacher",
    "医生": "doctor",
    "邻居": "neighbour",
    "领导": "manager",
    "上司": "boss",
}


def _at_work(fact: CandidateFact, text: str) -> CandidateFact:
    """ "I'm at Globex" (an organisation, not a place): works_at; "I was at Klarna for three
    years": the job said in the simple past, over (`held_in_the_past`)."""
    if fact.predicate != "located_at" or fact.subject != SPEAKER:
        return fact
    found = _AT_WORK.search(text)
    org = (found["org"] or found["org2"]) if found else None
    if org is None or org.split()[0] != fact.value.split()[0]:
        return fact
    if any(e.label in _PLACES and e.text == fact.value for e in fact.entities):
        return fact
    job = fact.model_copy(update={"predicate": "works_at", "category": "work"})
    return held_in_the_past(job) if found and found["past"] else job


def _allergy(facts: list[CandidateFact], text: str) -> list[CandidateFact]:
    """ "I can't eat peanuts, I'm allergic": one `allergy peanuts`, for the diet denial and
    the bare "is allergic" of the same sentence ([] when the sentence does not say it)."""
    out, changed = [], False
    for fact in facts:
        found = _ALLERGIC.search(text) if fact.subject == SPEAKER else None
        if found is None:
            out.append(fact)
            continue
        food = (found["food"] or found["food2"] or "").strip()
        if fact.predicate == "diet" and food.lower().endswith(fact.value.lower()):
            out.append(
                fact.model_copy(
                    update={
                        "predicate": "allergy",
                        "polarity": 1,
                        "category": "health",
                        "value": fact.value,
                    }
                )
            )
            changed = True
        elif not (fact.predicate == "is" and fact.value.lower() == "allergic"):
            out.append(fact)
        else:
            changed = True
    return out if changed else []


def _pets(facts: list[CandidateFact], named: list[Referent], text: str) -> list[CandidateFact]:
    """ "I have a dog named Rex": the speaker's pet is Rex (not "dog"), and Rex is a dog."""
    out: list[CandidateFact] = []
    for fact in facts:
        found = _PET_EN.search(text) or _PET_ZH.search(text)
        said = found.groupdict() if found is not None else {}
        name = said.get("name") or said.get("name2") or ""
        kind = PETS_ZH.get(said.get("kind") or "", said.get("kind") or said.get("kind2") or "")
        owned = fact.subject == SPEAKER and fact.predicate in ("pet", "has")
        if not name or not (owned or (fact.predicate == "name" and fact.value == name)):
            out.append(fact)
            continue
        named.append(Referent(name=name, kind="thing"))
        base = fact.model_copy(update={"attribute": None, "category": "relationship"})
        told = {} if owned else {"polarity": 1, "change": ""}  # "I had a dog named Rex": over
        kind_of = {"polarity": 1, "change": "", "until": None, "category": "identity"}
        out += [
            base.model_copy(update={"subject": SPEAKER, "predicate": "pet", "value": name, **told}),
            base.model_copy(
                update={"subject": name, "predicate": "is_a", "value": kind, **kind_of}
            ),
        ]
    return out


def _within(span: tuple[int, int], found: list[re.Match[str]]) -> bool:
    return any(span[0] < m.end() and m.start() < span[1] for m in found)


def _alias(match: re.Match[str], text: str) -> CandidateFact:
    chinese = match.re is _CALLED_ZH
    return CandidateFact(
        subject=SPEAKER,
        predicate="alias",
        value=match["name"],
        category="identity",
        confidence=0.85,
        span=match.span(),
        sentence=text.strip(),
        language="zh" if chinese else "en",
    )


def _unique(facts: list[CandidateFact]) -> list[CandidateFact]:
    seen: set[tuple[str, str, str, int]] = set()
    out = []
    for fact in facts:
        key = (fact.subject, fact.predicate, fact.value.casefold(), fact.polarity)
        if key not in seen:
            seen.add(key)
            out.append(fact)
    return out
