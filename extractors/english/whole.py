"""Values and subjects kept whole after rendering.

Rendering walks the parse, which cuts names the small model splits: a bracketed disambiguator
("Leo Park (actor)" came out as "Leo Park actor") and multiword proper names joined by "of" /
"for" / "&" or by a capitalised word the tagger took for something else ("UN High Commissioner
for Refugees", "Sheffield Wednesday", "Access Now"). `whole` widens a rendered phrase to the
written name when the text from its first token to the end of the clause is one name: title-
case words and those connectors only, up to punctuation or the end of the sentence. "and" is
not a connector (it coordinates values: "I speak English and French"). A phrase the parse
cut after a connector ("Refugees" of "UN High Commissioner for Refugees") is widened back to
the start of its name.
"""

from __future__ import annotations

from spacy.tokens import Token

_CONNECTORS = frozenset(
    {"of", "for", "de", "du", "la", "le", "del", "von", "van", "der", "&", "upon", "y", "da", "di"}
)
_CLOSERS = frozenset({".", ",", ";", ":", "!", "?", "\n"})


def whole(rendered: str, tokens: tuple[Token, ...], titled: dict[int, str]) -> str:
    """`rendered`, or the whole written name that starts at the phrase's first token."""
    if not tokens:
        return rendered
    first = min(tokens, key=lambda t: t.i)
    name = titled.get(first.idx, "")
    if name and rendered.startswith(name.split(" (")[0]):
        return name
    if not first.text[:1].isupper():
        return rendered
    run = _title_run(_name_start(first))
    if run and run[0] is not first and _covers(run, tokens):  # "... for Refugees" -> the whole
        return first.doc[run[0].i : run[-1].i + 1].text
    run = _title_run(first)
    text = first.doc[first.i : run[-1].i + 1].text if run else ""
    return text if len(text) > len(rendered) and _covers(run, tokens) else rendered


def _title_run(first: Token) -> list[Token]:
    """Tokens from `first` while they form one title-case name ending at a clause boundary."""
    run: list[Token] = []
    sentence_end = first.sent.end
    for token in first.doc[first.i : sentence_end]:
        if token.text in _CLOSERS or token.is_space:
            break
        if not _joins(token, bool(run)):
            return []
        run.append(token)
    return run


def _name_start(first: Token) -> Token:
    """Where the name that `first` ends belongs starts: back over title-case words and the
    connectors between them ("UN High Commissioner for Refugees", "Fairbank Center for Chinese
    Studies", "W. Swan Sonnenschein & Allen"), to just after a lower-case word (the verb or
    preposition before the value). `first` itself when the run reaches the sentence start."""
    doc, start, j = first.doc, first, first.i - 1
    while j > first.sent.start:
        token = doc[j]
        if token.text[:1].isupper():
            start, j = token, j - 1
        elif _connects(token) and doc[j - 1].text[:1].isupper():
            j -= 1
        else:
            break
    boundary = doc[j]
    return start if boundary.is_alpha and boundary.is_lower else first


def _joins(token: Token, started: bool) -> bool:
    if token.text[:1].isupper():
        return True
    return started and (token.like_num or (_next_is_title(token) and _connects(token)))


def _connects(token: Token) -> bool:
    """ "of", "for", "&" ...; "and" only inside one named organisation ("Party for Progress
    and Citizenship"), never between two values."""
    if token.lower_ in _CONNECTORS:
        return True
    return token.lower_ == "and" and token.ent_iob_ == "I" and token.ent_type_ in _NAMED_TYPES


_NAMED_TYPES = frozenset({"ORG", "FAC", "WORK_OF_ART", "EVENT", "LAW"})


def _next_is_title(token: Token) -> bool:
    if token.i + 1 >= len(token.doc):
        return False
    return token.doc[token.i + 1].text[:1].isupper()


def _covers(run: list[Token], tokens: tuple[Token, ...]) -> bool:
    inside = {t.i for t in run}
    return all(t.i in inside for t in tokens if not t.is_punct)
