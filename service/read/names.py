"""Query terms: which entities a query may name (the graph channel's seeds), and the words
worth a keyword search.

Entities:

No model and no store access here: the query's word n-grams (up to four words), the substrings
of its CJK runs (two to eight characters) and its Latin identifiers (RTX 4090, INV-2024-001),
each normalised as entity names are (`service.write.build.entity_key`). The search looks the
candidates up in one `get_entities` call; the ones that exist are the entities the query names.
Function words ("what", "my", 什么) are never candidates: they would seed the walk from hubs.

Keywords (`keyword_text`): the query without function words, which match most records and so
only cost time (a posting list per word) and add noise; Chinese function words and particles
are cut out of CJK runs ("我的显卡是什么" -> "显卡"). A query made only of function words is
kept whole.

Verb forms (`with_forms`): the keyword and episode channels stem words, and a stem never joins
an irregular verb's forms; so a question asked with "did" brings the irregular past forms of
the verb it asks about ("What did Ada win?" also asks for "won", "Where did Rachel go?" for
"went gone": `extractors.english.inflections`). Capitalised words are left alone (names).
"""

from __future__ import annotations

import re

from extractors.english.inflections import irregular_forms
from extractors.identifiers import find_identifiers
from graph.domain.signature import entity_key

MAX_WORDS = 4
CJK_MIN, CJK_MAX = 2, 8
MAX_CANDIDATES = 300

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]+")
_EDGE = re.compile(r"^[^\w]+|[^\w]+$|['’]s$")

_STOPWORD_TEXT = """
a an the i me my mine we our us you your he she it its they them their this that these those
is am are was were be been being do does did have has had what which who whom whose where when
why how of in on at to for from by with about and or not no yes now then there here any some
all tell know remember please can could would should will shall may might current currently
still ever before after as if so than too very just also
我 我的 你 你的 他 她 它 的 是 在 了 吗 呢 什么 哪 哪里 哪儿 谁 怎么 现在 以前 时候 有 没有 一个
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
_DID = frozenset({"did", "didn't", "didn’t", "didnt"})


CHINESE_STOP = (
    "什么",
    "哪里",
    "哪儿",
    "哪个",
    "怎么",
    "现在",
    "以前",
    "我的",
    "你的",
    "他的",
    "她的",
    "是不是",
    "有没有",
    "请问",
    "的",
    "是",
    "吗",
    "呢",
    "了",
    "吧",
    "啊",
)
_CHINESE_STOP = re.compile("|".join(sorted(CHINESE_STOP, key=len, reverse=True)))


def keyword_text(query: str) -> str:
    """The query's content words, for the keyword channel."""
    kept = []
    for token in query.split():
        word = _EDGE.sub("", token)
        if entity_key(word) in STOPWORDS:
            continue
        kept.append(_CHINESE_STOP.sub(" ", token) if _CJK_RUN.search(token) else token)
    text = " ".join(" ".join(kept).split())
    return text if any(ch.isalnum() for ch in text) else query


def with_forms(query: str) -> str:
    """A question asked with "did" ("What did Ada win?", "Where did Rachel go?") followed by
    the irregular past forms of the verb it asks about (the first lower-case word after "did"
    that is an irregular verb): the answer was told in the past tense ("Ada won the Japan
    Prize."), which the stem of "win" never finds. Any other query is unchanged."""
    words = [_EDGE.sub("", token) for token in query.split()]
    after = [i + 1 for i, word in enumerate(words) if word.casefold() in _DID]
    for word in words[after[0] :] if after else []:
        asked = word.isalpha() and word.islower() and word not in STOPWORDS
        forms = irregular_forms(word) if asked else frozenset()
        if forms:
            return " ".join([query, *sorted(forms)])
    return query


def candidate_names(query: str) -> list[str]:
    """Normalised names the query may mention, most specific (longest) first."""
    found: dict[str, None] = {}
    for ident in find_identifiers(query):
        found.setdefault(entity_key(ident.text), None)
    words = [w for w in (_EDGE.sub("", token) for token in query.split()) if w]
    for size in range(min(MAX_WORDS, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            _keep(found, " ".join(words[start : start + size]))
    for run in _CJK_RUN.findall(query):
        for size in range(min(CJK_MAX, len(run)), CJK_MIN - 1, -1):
            for start in range(len(run) - size + 1):
                _keep(found, run[start : start + size])
    return list(found)[:MAX_CANDIDATES]


def _keep(found: dict[str, None], text: str) -> None:
    key = entity_key(text)
    if key and key not in STOPWORDS and not key.isdigit():
        found.setdefault(key, None)
