"""The irregular forms of an English verb ("win": "won"; "hold": "held"; "won": "win"), which a
stemmer never joins: Snowball reduces "studied" and "study" to one stem, but "won" stays "won"
and "win" "win", so "What did Ada win?" shares no term with "Ada won the Japan Prize."

The forms come from the English model's own lemmatizer exceptions (the `lemma_exc` verb table
that ships in `en_core_web_sm`'s package: about 2,400 inflected forms and their lemmas),
read once per process without loading the pipeline. A form is kept only when its stem differs
from its lemma's, so regular inflections (the stemmer's job) are left out.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import Stemmer

from extractors.english.nlp import MODEL

_STEMMER = Stemmer.Stemmer("english")
_LOCK = threading.Lock()


def _stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


@cache
def _groups() -> Mapping[str, frozenset[str]]:
    """Each word (a lemma or an irregular form) -> every form of its lemma that the stemmer
    does not join to it (the lemma included)."""
    import spacy.util
    from spacy.lookups import Lookups

    found = sorted(Path(str(spacy.util.get_package_path(MODEL))).glob("*/lemmatizer/lookups"))
    if not found:
        return {}
    verbs: Mapping[str, list[str]] = Lookups().from_disk(found[0]).get_table("lemma_exc")["verb"]
    return forms_of(verbs)


def forms_of(verbs: Mapping[str, Iterable[str]]) -> dict[str, frozenset[str]]:
    """Invert a form -> lemmas table into word -> the forms of its lemmas (stem-distinct)."""
    members: dict[str, set[str]] = {}
    for form, lemmas in verbs.items():
        for lemma in lemmas:
            if form.isalpha() and lemma.isalpha() and _stem(form) != _stem(lemma):
                members.setdefault(lemma, {lemma}).add(form)
    groups: dict[str, frozenset[str]] = {}
    for words in members.values():
        for word in words:
            groups[word] = groups.get(word, frozenset()) | frozenset(words)
    return groups


def irregular_forms(word: str) -> frozenset[str]:
    """The other irregular forms of `word`'s verb ("win" -> {"won"}), none for other words."""
    with _LOCK:
        groups = _groups()
    folded = word.casefold()
    return groups.get(folded, frozenset()) - {folded}
