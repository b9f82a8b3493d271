"""The English lexicon the notary reads names with: a word English has is no coined name
(`notary.owners`) and no owner glued to a credential word (`bypass`, `compass`:
`notary.grammar`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def english_words() -> frozenset[str]:
    """The English model's WordNet index (nouns, verbs, adjectives, adverbs) and spaCy's English
    function words (`since`, `from`: WordNet has none), lower case; empty when the model cannot
    be read."""
    try:
        import spacy.util
        from spacy.lookups import Lookups

        from extractors.english.nlp import MODEL

        package = Path(str(spacy.util.get_package_path(MODEL)))
        found = sorted(package.glob("*/lemmatizer/lookups"))
        index = Lookups().from_disk(found[0]).get_table("lemma_index")
        from spacy.lang.en.stop_words import STOP_WORDS
    except (ImportError, OSError, IndexError, KeyError):
        return frozenset()
    lemmas = (w.lower() for part in index.values() for w in part if w.isalpha())
    return frozenset(lemmas).union(STOP_WORDS)


_INFLECTIONS = (
    ("ies", "y"),
    ("ied", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("d", ""),
    ("ing", ""),
)


def is_english(word: str) -> bool:
    """A word English has, also inflected (`policies`, `logs`, `exists`, `enabled`,
    `provided`, `running`: the lemma index lists lemmas only); `word` in lower case."""
    words = english_words()
    return word in words or any(
        word.endswith(end) and word[: -len(end)] + stem in words for end, stem in _INFLECTIONS
    )
