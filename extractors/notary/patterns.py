"""The notary's own credential rules, in the order they run: the named-secret grammar
(`notary.grammar`) first, then the structural families (`notary.families`), then the provider
formats betterleaks' rule set describes less loosely than we need.

* **named secrets** (`notary.grammar`): a credential word, an optional owner, a separator and
  a value judged by its shape; also a value compared with or passed to something named for a
  secret (`if ("s3cret" == password)`, `set_password("...")`, `withApiKey('...')`), a name
  given as data beside its value (`<add key="DbPassword" value="..."/>`) and a (user,
  password) pair (`auth=("admin", "...")`: `notary.siblings`);
* **structural families** (`notary.families`): private key blocks, URL user-info, signatures,
  webhook URLs, headers, XML, SQL, command lines, config files, password hashes;
* **provider formats** gitleaks does not describe as loosely (`sk-`/`sk-proj-` keys without
  OpenAI's marker, `AKIA` with any body, `ya29.`, `GOCSPX-`, `1//0`, JWTs): the whole token is
  masked. Google API keys (`AIza...`) are the maintained rule set's alone (`notary.providers`).

Only the value is masked; the label stays so the sentence still reads
("password=[REDACTED:password]", "我的密码是[REDACTED:password]").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from extractors.notary.families import FAMILIES
from extractors.notary.grammar import (
    ASSIGN,
    ASSIGNMENT,
    CHINESE,
    CHINESE_BARE,
    CN_BARE,
    CN_STATE,
    NEAR,
    NEXT_LINE,
    PAIR,
    SPACE,
    SPACED,
    STATE,
    STATEMENT,
    WORDS,
    check_element,
    check_next_line,
    checker,
    named_last,
    near_code,
    next_line_span,
)
from extractors.notary.keys import kind_of
from extractors.notary.pairs import PAIRS
from extractors.notary.rule import Rule, check_value
from extractors.notary.shapes import Shape, shape
from extractors.notary.siblings import (
    NAMED_ELEMENT,
    PAIR_VALUE,
    POSITIONAL_CALL,
    SIBLING_FIELDS,
    VALUE_ATTRIBUTE,
    check_pair,
    positional_password,
)
from extractors.notary.values import (
    MASKED,
    QUOTED,
    Check,
    Finding,
    slug,
    value_span,
)


def _check_sk(match: re.Match[str], start: int, end: int) -> bool:
    """`sk-` plus random characters, not `sk-` plus a hyphenated phrase."""
    body = match.string[start + 3 : end]
    return "-" not in body.removeprefix("proj-") or any(c.isdigit() or c.isupper() for c in body)


FOREIGN_NEEDLES = (
    "kennwort",
    "contrase",
    "senha",
    "de passe",
    "de_passe",
    "de-passe",
    "wachtwoord",
    "senord",
    "salasana",
    "hasło",
    "haslo",
    "adgangskode",
    "пароль",
    "パスワード",
    "비밀번호",
    "khẩu",
    "khau",
    "şifre",
    "sifre",
    "mdp",
    "clave",
    "heslo",
    "jelsz",
    "lozinka",
    "geslo",
    "parool",
    "slapta",
    "pasahitza",
    "sandi",
    "laluan",
)
"""The needles of `grammar.FOREIGN_WORDS`."""
_LABEL_WORDS = (
    "code",
    "otp",
    "pass",
    "pw",
    "pswd",
    "pin",
    "secret",
    "key",
    "token",
    "cookie",
    "session",
    "auth",
    "cred",
    "psk",
    *FOREIGN_NEEDLES,
)
_PAIR_WORDS = (*_LABEL_WORDS, "auth(")
_CN_WORDS = (
    "验证码",
    "动态码",
    "密码",
    "口令",
    "密钥",
    "秘钥",
    "令牌",
    "私钥",
    "通行码",
    "授权码",
    "凭证",
    "凭据",
    "pin码",
)
_KEY_START = r"(?:(?<![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z]))"
_REVERSED = re.compile(
    rf"(?:{QUOTED})[ \t]*(?P<op>===?|!==?)[ \t]*(?:[A-Za-z_][\w.]*?[_.])?"
    rf"(?P<k>(?i:{WORDS}))(?![A-Za-z0-9])"
)
"""A comparison written value first: `if ("s3cret" == password)`."""
_ARGUMENT = re.compile(
    rf"{_KEY_START}(?P<k>(?i:{WORDS}))(?P<suf>)[ \t]*\([ \t]*(?P<op>)(?:{QUOTED})"
)
"""A literal passed to a function named for a secret: `set_password("...")`,
`withApiKey('...')`."""
_RETURNED = re.compile(
    rf"{_KEY_START}(?P<k>(?i:{WORDS}))(?P<suf>)[A-Za-z0-9_]*[ \t]*\([^()\n]{{0,80}}\)"
    rf"[^{{:\n]{{0,40}}[{{:]\s*return[ \t]+(?P<op>)(?:{QUOTED})"
)
"""A literal returned by a function named for a secret: `getApiToken() { return "..." }`."""

_CALLED = re.compile(
    r"(?<!\S)[\"'“]?(?P<vu>[^\s\"'“”]{4,128}?)[\"'”]?[ \t]+(?i:is|was)[ \t]+"
    r"(?i:my|our|your|his|her|their|the)[ \t]+(?:[A-Za-z][\w\-]{0,19}[ \t]+){0,2}?"
    r"(?P<k>(?i:password|passcode|passphrase|passwd|pin(?:[ \t]?code)?))(?P<suf>)(?![\w\-])"
    r"(?![ \t]+(?!(?i:for|on|at|to|and|now|too|here|there|again)\b)[A-Za-z])"
)
"""A value stated before its name (`Nk4v9Zt is my password`, `4821 was the pin for the
door`): what the statement says is the password comes first. Not before more words of a
name (`... is my password manager`)."""
_PINS = ("pin", "passcode")


def _check_called(match: re.Match[str], start: int, end: int) -> bool:
    """A value more than a word (MIXED or RANDOM), or four or more digits after a PIN word: a
    word before `is my password` is a pronoun or a name of it ("this is my password", "mine
    is the password"), kept."""
    value = match.string[start:end]
    found = shape(value)
    if found == Shape.NUMBER:
        return match.group("k").lower().startswith(_PINS) and len(value) >= 4
    return found >= Shape.MIXED


GRAMMAR: tuple[Rule, ...] = (
    Rule("{kind} assignment", ASSIGNMENT, 3, checker(ASSIGN), needles=_LABEL_WORDS),
    Rule("{kind} stated in text", STATEMENT, 4, checker(STATE), needles=_LABEL_WORDS),
    Rule(
        "{kind} assignment",
        NEXT_LINE,
        3,
        check_next_line,
        span=next_line_span,
        needles=_LABEL_WORDS,
    ),
    Rule("{kind} after its name", SPACED, 5, checker(SPACE), needles=_LABEL_WORDS),
    Rule("{kind} near its name", NEAR, 5, near_code, needles=_LABEL_WORDS),
    Rule(
        "{kind} stated in Chinese text",
        CHINESE,
        4,
        checker(CN_STATE),
        needles=_LABEL_WORDS + _CN_WORDS,
    ),
    Rule("{kind} stated in Chinese text", CHINESE_BARE, 5, checker(CN_BARE), needles=_CN_WORDS),
    Rule(
        "password after a user name",
        PAIR,
        3,
        checker(ASSIGN),
        kind="password",
        needles=("pass", "pw"),
    ),
    Rule("{kind} compared in code", _REVERSED, 3, check_value, needles=_LABEL_WORDS),
    Rule(
        "{kind} stated before its name",
        _CALLED,
        4,
        _check_called,
        needles=("password", "passcode", "passphrase", "passwd", "pin"),
    ),
    Rule("{kind} passed as an argument", _ARGUMENT, 3, checker(ASSIGN), needles=_LABEL_WORDS),
    Rule("{kind} returned in code", _RETURNED, 3, checker(ASSIGN), needles=_LABEL_WORDS),
    Rule(
        "{kind} named by its sibling field",
        SIBLING_FIELDS,
        3,
        checker(ASSIGN),
        needles=_LABEL_WORDS,
    ),
    Rule(
        "{kind} in an element named by its attribute",
        NAMED_ELEMENT,
        3,
        checker(ASSIGN),
        needles=_LABEL_WORDS,
    ),
    Rule(
        "{kind} in its element's value attribute",
        VALUE_ATTRIBUTE,
        3,
        check_element,
        needles=_LABEL_WORDS,
    ),
    Rule("password in a pair", PAIR_VALUE, 3, check_pair, kind="password", needles=_PAIR_WORDS),
    Rule(
        "password given by position",
        POSITIONAL_CALL,
        3,
        kind="password",
        span=positional_password,
        needles=(
            "connect",
            "connection",
            "mysqli",
            "pdo",
            "login",
            "logon",
            "signin",
            "sign_in",
            "authenticate",
            "bind",
        ),
    ),
)


def _token(
    label: str, body: str, needles: tuple[str, ...], check: Check | None = None, kind: str = ""
) -> Rule:
    return Rule(label, re.compile(body), 1, check, whole=True, kind=kind, needles=needles)


_AWS = ("A3T", "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA")
_PROVIDERS: tuple[Rule, ...] = (
    _token("Anthropic API key", r"(?<![A-Za-z0-9_\-])sk-ant-[A-Za-z0-9_\-]{20,}", ("sk-ant-",)),
    _token(
        "OpenAI-style secret key",
        r"(?<![A-Za-z0-9_\-])sk-[A-Za-z0-9_\-]{20,}",
        ("sk-",),
        _check_sk,
        kind="openai_api_key",
    ),
    _token(
        "AWS access key",
        rf"(?<![A-Z0-9])(?:{'|'.join(_AWS)}|APKA)[A-Z0-9]{{16}}",
        (*(a.lower() for a in _AWS), "apka"),
        kind="aws_access_token",
    ),
    _token("Google OAuth token", r"(?<![A-Za-z0-9])ya29\.[0-9A-Za-z_\-]{20,}", ("ya29.",)),
    _token(
        "Google OAuth client secret", r"(?<![A-Za-z0-9])GOCSPX-[0-9A-Za-z_\-]{20,}", ("gocspx-",)
    ),
    _token("Google OAuth refresh token", r"(?<![A-Za-z0-9])1//0[0-9A-Za-z_\-]{30,}", ("1//0",)),
    _token(
        "JSON Web Token",
        r"(?<![A-Za-z0-9_\-])eyJ[\w\-]{5,}\.[\w\-]{5,}\.[\w\-]*",
        ("eyj",),
        kind="jwt",
    ),
)

RULES: tuple[Rule, ...] = (*GRAMMAR, *PAIRS, *FAMILIES, *_PROVIDERS)


def _holds_call(rule: Rule, text: str, span: tuple[int, int]) -> bool:
    """An assignment whose value, refused, opens a call (`x = os.getenv(`): the search goes on
    from the value's start, where a name and a value of their own may begin (`"DB_PASSWORD",
    "x"`); `finditer` went on after the whole match. Only there: searching again inside every
    refused value made a run of labels (`密码是密码是...`) ten times slower."""
    return rule.pattern is ASSIGNMENT and "(" in text[span[0] : span[1]]


_NEEDLES = sorted({n for rule in RULES for n in rule.needles}, key=len, reverse=True)
_FINDER = re.compile("(?=(" + "|".join(re.escape(n) for n in _NEEDLES) + "))")
_PREFIXES = {n: frozenset(m for m in _NEEDLES if n.startswith(m)) for n in _NEEDLES}
"""One scan finds every rule's needles (the longest at each position, then its prefixes): a
rule runs only on text holding one of its own, and most messages hold none."""


def present(lowered: str) -> set[str]:
    """The needles in `lowered`."""
    found: set[str] = set()
    for match in _FINDER.finditer(lowered):
        found |= _PREFIXES[match.group(1)]
    return found


def _label(rule: Rule, match: re.Match[str]) -> tuple[str, str]:
    """The finding's label and placeholder type."""
    if "{kind}" not in rule.label:
        return rule.label, rule.kind or slug(rule.label)
    kind = kind_of(named_last(match) or match.group("k"))
    return rule.label.format(kind=kind), rule.kind or slug(kind)


def own_findings(text: str) -> Iterator[Finding]:
    """Every span our own rules would mask in `text` (never one whose label is a placeholder's
    type, as in `[REDACTED:access_key] :000`)."""
    masks = [m.span() for m in MASKED.finditer(text)] if "REDACTED" in text else []
    found = present(text.lower())
    if not found:
        return
    for rule in RULES:
        if rule.needles and found.isdisjoint(rule.needles):
            continue
        at = 0
        while (match := rule.pattern.search(text, at)) is not None:
            at = match.end() if match.end() > match.start() else match.start() + 1
            if rule.span is not None:
                span = rule.span(match)
            else:
                span = match.span() if rule.whole else value_span(match)
            if span is None or (rule.check is not None and not rule.check(match, *span)):
                if span is not None and _holds_call(rule, text, span):
                    at = span[0]  # a call refused as a value may hold a name and a value
                continue
            if masks and any(s <= match.start() < e for s, e in masks):
                continue
            label, kind = _label(rule, match)
            yield Finding(span[0], span[1], label, rule.rank, kind, rule.whole)
