"""The speaker's relatives under discussion, named or not: "I have a sister. She lives in Rome."

A relative the speaker says they have (`<speaker> relationship sister`: "I have a sister",
"We have two daughters", 我有一个妹妹) or speaks about ("My brother works at Google", 我妈妈是
老师) is a person under discussion, called as the speaker calls them ("sister", "daughters";
我妹妹, as 我妹妹住在罗马 is stored), with the gender the kin noun gives (sister, 妹妹: female;
brother, 哥哥: male; cousin, friend, 朋友: none), so that the next "she", "he", "they", 她 or 他
refers to them, in the same turn or a later one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from extractors.schema import SPEAKER, CandidateFact
from graph.domain.discourse import Gender, Referent

KIN_EN: dict[str, Gender] = {
    **dict.fromkeys(
        ("sister", "mother", "mom", "mum", "daughter", "wife", "girlfriend", "grandmother"), "f"
    ),
    **dict.fromkeys(("aunt", "niece", "grandma", "stepmother", "stepsister"), "f"),
    **dict.fromkeys(
        ("brother", "father", "dad", "son", "husband", "boyfriend", "grandfather"), "m"
    ),
    **dict.fromkeys(("uncle", "nephew", "grandpa", "stepfather", "stepbrother"), "m"),
    **dict.fromkeys(("sibling", "parent", "child", "kid", "cousin", "partner", "friend"), ""),
    **dict.fromkeys(("roommate", "grandparent", "grandchild", "spouse"), ""),
}
KIN_ZH: dict[str, Gender] = {
    **dict.fromkeys(("姐姐", "妹妹", "妈妈", "母亲", "女儿", "妻子", "老婆", "女朋友"), "f"),
    **dict.fromkeys(("奶奶", "外婆", "姥姥", "阿姨", "姑姑", "婶婶"), "f"),
    **dict.fromkeys(("哥哥", "弟弟", "爸爸", "父亲", "儿子", "丈夫", "老公", "男朋友"), "m"),
    **dict.fromkeys(("爷爷", "外公", "姥爷", "叔叔", "舅舅", "伯伯", "表哥"), "m"),
    **dict.fromkeys(("朋友", "孩子", "室友", "同学"), ""),
}
_COUNTED_EN = re.compile(
    r"^(?:(?:a|an|one|two|three|four|five|some|several|(?:an?\s+)?(?:older|younger|big|little"
    r"|elder|baby|twin|step))\s+)*(?P<noun>[a-z]+)$",
    re.I,
)
_COUNTED_ZH = re.compile(r"^(?:[一二两三四五几]?[个位])?(?P<noun>[\u4e00-\u9fff]{2,3})$")
_SPOKEN_ZH = re.compile(r"^(?:我们|我)的?(?P<noun>[\u4e00-\u9fff]{2,3})$")


def kin_referents(facts: Iterable[CandidateFact]) -> list[Referent]:
    """The relatives `facts` say the speaker has or speak about, as referents (in order)."""
    out: list[Referent] = []
    for fact in facts:
        had = fact.subject == SPEAKER and fact.predicate == "relationship"
        found = _kin(fact.value, had) if had else _kin(fact.subject, False)
        if found is not None and all(r.name != found.name for r in out):
            out.append(found)
    return out


def _kin(said: str, had: bool) -> Referent | None:
    """The relative `said` names: a value the speaker has ("two sisters", 一个妹妹) or a
    subject the speaker spoke of ("sister", 我妈妈); None when it is no kin noun."""
    english = _COUNTED_EN.match(said.strip()) if had or said.isascii() else None
    if english is not None:
        noun = english["noun"].lower()
        single = noun[:-1] if noun.endswith("s") and noun[:-1] in KIN_EN else noun
        if single not in KIN_EN:
            return None
        return Referent(name=noun, kind="person", gender=KIN_EN[single], plural=single != noun)
    chinese = (_COUNTED_ZH if had else _SPOKEN_ZH).match(said.strip())
    if chinese is None or chinese["noun"] not in KIN_ZH:
        return None
    noun = chinese["noun"]
    return Referent(name=f"我{noun}", kind="person", gender=KIN_ZH[noun])
