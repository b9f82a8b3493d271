"""Noun phrases of the Chinese extractor: owners, attributes, scopes and values.

* `take_scope`: a qualifier naming a project or namespace (项目A, A项目, 这个项目, 本项目,
  在项目A里) is removed from the clause and normalised like the English extractor does:
  "project a", "this_project" (仓库 -> repo, 代码库 -> codebase, 工作区 -> workspace).
* `parse_np`: the noun phrase before a copula or verb, split into owner (我/我的 -> SPEAKER,
  用户/客户 -> USER, a named possessor -> itself) and attribute. A qualifier before 的 that is
  not the owner stays in the attribute and extends the head's predicate:
  用户在北京的公司 -> owner USER, attribute 北京的公司, predicate works_at_北京.
* `read_values`: the complement after a copula or verb, without aspect and final particles
  or a leading 一+classifier; an identifier-headed value ends where the identifier run ends
  (用VS Code写代码 -> "VS Code"); coordinated values (日语和英语) split for multi predicates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from extractors.chinese.lexicon import (
    ADDRESSEE_WORDS,
    ASPECT,
    CLASSIFIERS,
    COMMON_VERBS,
    COORDINATORS,
    DEMONSTRATIVES,
    DESTINATION_PARTICLES,
    FINAL_PARTICLES,
    LOCALIZERS,
    NAMESPACE_NOUNS,
    SCOPE_CLOSERS,
    SCOPE_DEMONSTRATIVES,
    SPEAKER_WORDS,
    SURNAMES,
    THIRD_PERSON,
    USER_WORDS,
)
from extractors.chinese.tokens import Tok, is_cjk, joined
from extractors.predicates import PredicateInfo, PredicateTable, predicate_name
from extractors.schema import SPEAKER, USER

_LABELS = frozenset("甲乙丙丁戊")
THIRD_PERSON_SUBJECT = "<3p>"
"""Subject of 他/她: the orchestrator replaces it with the turn's antecedent, or drops it."""
_SCOPE_PREPS = frozenset({"在", "对于", "对", "于", "为", "关于"})


@dataclass(frozen=True)
class Value:
    text: str
    span: tuple[int, int]
    toks: tuple[Tok, ...]


@dataclass(frozen=True)
class NounPhrase:
    """`owner` is a placeholder or a named possessor ("" when unusable, None when absent)."""

    owner: str | None
    attribute: str | None
    info: PredicateInfo | None
    named: bool
    text: str
    toks: tuple[Tok, ...]
    owner_toks: tuple[Tok, ...] = ()


def pronoun_owner(tok: Tok, assistant: bool) -> str | None:
    """SPEAKER/USER for a pronoun or 用户; "" for an unusable one (你 in a user turn)."""
    if tok.text in SPEAKER_WORDS:
        return SPEAKER
    if tok.text in USER_WORDS:
        return USER
    if tok.text in ADDRESSEE_WORDS:
        return USER if assistant else ""
    if tok.text in THIRD_PERSON:
        return THIRD_PERSON_SUBJECT
    return None


# -- scope --------------------------------------------------------------------------------
def take_scope(toks: Sequence[Tok]) -> tuple[str, list[Tok]]:
    """Remove the first namespace qualifier from the clause; return (scope, rest)."""
    for i, tok in enumerate(toks):
        if tok.text in NAMESPACE_NOUNS:
            found = _scope_around(toks, i)
            if found is not None:
                scope, lo, hi = found
                return scope, [*toks[:lo], *toks[hi:]]
    return "", list(toks)


def _scope_around(toks: Sequence[Tok], i: int) -> tuple[str, int, int] | None:
    noun = NAMESPACE_NOUNS[toks[i].text]
    lo, hi = i, i + 1
    if hi < len(toks) and _is_label(toks[hi]):
        scope, hi = f"{noun} {toks[hi].text.lower()}", hi + 1
    elif lo > 0 and _is_label(toks[lo - 1]):
        scope, lo = f"{noun} {toks[lo - 1].text.lower()}", lo - 1
    elif lo > 0 and toks[lo - 1].text in SCOPE_DEMONSTRATIVES:
        scope, lo = f"this_{noun}", lo - 1
    else:
        return None
    if lo > 0 and toks[lo - 1].text in _SCOPE_PREPS:
        lo -= 1
    if hi < len(toks) and (toks[hi].text in SCOPE_CLOSERS or toks[hi].text == "的"):
        hi += 1
    return scope, lo, hi


def _is_label(tok: Tok) -> bool:
    return tok.kind in ("latin", "ident", "num") or tok.text in _LABELS


# -- noun phrases -------------------------------------------------------------------------
def parse_np(
    toks: Sequence[Tok], table: PredicateTable, source: str, *, assistant: bool
) -> NounPhrase | None:
    """Owner and attribute of the noun phrase before a copula or verb."""
    specific = bool(toks) and toks[0].text in DEMONSTRATIVES
    toks = strip_demonstratives(toks)
    if not toks:
        return None
    owner = pronoun_owner(toks[0], assistant)
    owner_toks: tuple[Tok, ...] = (toks[0],) if owner is not None else ()
    rest = _drop_de(toks[1:]) if owner is not None else list(toks)
    if owner is not None and all(t.text in _COLLECTIVES for t in rest):
        rest = []  # 我们全家, 我们俩: the pronoun's own group, not something it owns
    left, head = _split_possessive(rest)
    if owner is None and left and (specific or is_named(left)):
        owner, owner_toks, left = span_text(source, left), tuple(left), []
    if not head and len(left) > 1:
        owner = span_text(source, toks[: len(toks) - 2]) if owner is not None else owner
        head, left = left[-1:], ([] if owner is not None else left[:-1])
    elif not head:
        head, left = left, []
    text = span_text(source, toks)
    if not head:
        return NounPhrase(owner, None, None, False, text, tuple(toks), owner_toks)
    attribute, info = _attribute(left, head, table)
    known = table.lookup(joined(head), "zh") is not None
    named = owner is None and not left and is_named(head) and not known
    return NounPhrase(owner, attribute, info, named, text, tuple(toks), owner_toks)


_COLLECTIVES = frozenset({"全家", "一家", "全家人", "一家人", "俩", "两个", "大家", "几个", "一起"})


def _split_possessive(toks: Sequence[Tok]) -> tuple[list[Tok], list[Tok]]:
    """(possessor or qualifier, head) at the last 的; ([], all) without one."""
    de = max((i for i, t in enumerate(toks) if t.text == "的"), default=-1)
    if de < 0:
        return [], list(toks)
    return list(toks[:de]), list(toks[de + 1 :])


def _attribute(
    qualifier: Sequence[Tok], head: Sequence[Tok], table: PredicateTable
) -> tuple[str, PredicateInfo]:
    qual = [t for t in qualifier if t.text not in ("在", "于", "的")]
    head_text = joined(head)
    attribute = f"{joined(qual)}的{head_text}" if qual else head_text
    known = table.lookup(attribute, "zh")
    if known is not None:
        return attribute, known
    head_info = table.lookup(head_text, "zh")
    if head_info is not None and qual:
        name = predicate_name(f"{head_info.name} {joined(qual)}")
        return attribute, replace(head_info, name=name, known=False)
    return attribute, head_info or table.resolve(attribute, "zh", from_attribute=True)


def _drop_de(toks: Sequence[Tok]) -> list[Tok]:
    return list(toks[1:]) if toks and toks[0].text == "的" else list(toks)


def strip_demonstratives(toks: Sequence[Tok]) -> list[Tok]:
    rest = list(toks)
    while rest and rest[0].text in DEMONSTRATIVES:
        rest = rest[1:]
    if rest and len(rest[0].text) > 1 and rest[0].text[0] in "该此" and is_cjk(rest[0].text):
        first = rest[0]
        rest[0] = Tok(first.text[1:], first.start + 1, first.end, first.kind)
    return rest


def is_named(toks: Sequence[Tok]) -> bool:
    """A proper name: Latin/identifier tokens, a person's name, or a label (甲方案)."""
    if any(t.kind in ("latin", "ident") for t in toks):
        return True
    text = joined(toks)
    return is_person_name(text) or (len(text) > 1 and text[0] in _LABELS)


def is_person_name(text: str) -> bool:
    return 2 <= len(text) <= 3 and is_cjk(text) and text[0] in SURNAMES


# -- values -------------------------------------------------------------------------------
def read_values(toks: Sequence[Tok], source: str, *, multi: bool) -> list[Value]:
    """Values of a complement; split at coordinators when the predicate is multi-valued."""
    core = trim_value(toks)
    if not core:
        return []
    groups = _split_coordination(core) if multi else [core]
    groups = [
        _identifier_run(g, source) if g and g[0].kind in ("latin", "ident") else g for g in groups
    ]
    return [make_value(g, source) for g in groups if g]


def trim_value(toks: Sequence[Tok]) -> list[Tok]:
    core = [t for t in toks if t.kind != "punct" or t.text in ("、", "/")]
    while core and (
        core[0].text in ASPECT
        or core[0].text in DESTINATION_PARTICLES
        or core[0].text in ("的", "给", "成", "为", "于")
    ):
        core = core[1:]
    core = _drop_quantifier(core)
    while core and core[-1].kind == "cjk" and core[-1].text in FINAL_PARTICLES:
        core = core[:-1]
    while core and core[-1].kind == "punct":
        core = core[:-1]
    if len(core) > 1 and core[-1].text in LOCALIZERS:
        core = core[:-1]
    while len(core) > 1 and core[-1].kind == "time" and any(t.kind != "time" for t in core):
        core = core[:-1]  # 我学日语两年了: how long (since when), not part of 日语
    return core


def _drop_quantifier(toks: list[Tok]) -> list[Tok]:
    if not toks:
        return toks
    first = toks[0].text
    if first == "一" and len(toks) > 2 and toks[1].text in CLASSIFIERS:
        return toks[2:]
    if len(first) == 2 and first[0] == "一" and first[1] in CLASSIFIERS and len(toks) > 1:
        return toks[1:]
    return toks


def _identifier_run(toks: Sequence[Tok], source: str) -> list[Tok]:
    """An identifier-headed value ends before a verb: 用VS Code写代码 -> VS Code; A公司 stays."""
    run = [toks[0]]
    for tok in toks[1:]:
        gap = source[run[-1].end : tok.start]
        if tok.kind not in ("latin", "ident", "num") or gap.strip():
            break
        run.append(tok)
    rest = toks[len(run) :]
    return run if rest and rest[0].text in COMMON_VERBS else list(toks)


def _split_coordination(toks: Sequence[Tok]) -> list[list[Tok]]:
    groups: list[list[Tok]] = [[]]
    for tok in toks:
        if tok.text in COORDINATORS:
            groups.append([])
        else:
            groups[-1].append(tok)
    return [trim_value(g) for g in groups]


def span_text(source: str, toks: Sequence[Tok]) -> str:
    """The tokens as written: adjacent ones keep the spaces between them, skipped words drop."""
    parts: list[str] = []
    for prev, tok in zip([None, *toks[:-1]], toks, strict=True):
        gap = source[prev.end : tok.start] if prev is not None else ""
        parts.append((gap if gap.isspace() else "") + tok.text)
    return "".join(parts)


def make_value(toks: Sequence[Tok], source: str) -> Value:
    span = (toks[0].start, toks[-1].end)
    return Value(source[span[0] : span[1]], span, tuple(toks))
