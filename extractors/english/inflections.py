"""The irregular forms of an English verb ("win": "won"; "hold": "held"), which a stemmer never
joins: Snowball reduces "studied" and "study" to one stem, but "won" stays "won"
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
def _lemmas() -> Mapping[str, frozenset[str]]:
    """Each verb lemma -> its irregular forms that the stemmer does not join to it."""
    import spacy.util
    from spacy.lookups import Lookups

    found = sorted(Path(str(spacy.util.get_package_path(MODEL))).glob("*/lemmatizer/lookups"))
    if not found:
        return {}
    verbs: Mapping[str, list[str]] = Lookups().from_disk(found[0]).get_table("lemma_exc")["verb"]
    return forms_of(verbs)


def forms_of(verbs: Mapping[str, Iterable[str]]) -> dict[str, frozenset[str]]:
    """Invert a form -> lemmas table into lemma -> its forms (stem-distinct ones only)."""
    members: dict[str, set[str]] = {}
    for form, lemmas in verbs.items():
        for lemma in lemmas:
            if form.isalpha() and lemma.isalpha() and _stem(form) != _stem(lemma):
                members.setdefault(lemma, set()).add(form)
    return {lemma: frozenset(forms) for lemma, forms in members.items()}


def irregular_forms(lemma: str) -> frozenset[str]:
    """The irregular forms of the verb `lemma` ("win" -> {"won"}); none for another word,
    an inflected form included ("won" is no lemma)."""
    with _LOCK:
        lemmas = _lemmas()
    return lemmas.get(lemma.casefold(), frozenset())
