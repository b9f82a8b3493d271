"""The notary's own credential patterns: what gitleaks' rule set and detect-secrets lack.

Three families, each a `Rule` whose match yields the span to mask:

* labelled values: `password=...`, `DB_PASSWORD: ...`, `"api_key": "..."`, `--token X`, any
  key decoration (`password_super_secure = ...`, `my_app_password`, `db_pass: ...`, `pw`,
  `pwd`, `pass`), comparisons both ways (`api_key != "..."`, `"..." == password`), secret-named
  function arguments (`set_password("...")`), SQL (`IDENTIFIED BY '...'`, `PASSWORD '...'`),
  `curl -u user:pass` / `-b name=value`, `<password>...</password>`, "my password is X",
  `Authorization: Bearer X`, `Cookie: a=b`, `scheme://user:pass@host`, 密码是X / 密码为X /
  密码：X / 口令是X / 密钥是X / 令牌是X, PINs. Only the value is masked; the label stays so the
  sentence still reads ("password=[REDACTED:password]", "我的密码是[REDACTED:password]");
* provider formats gitleaks does not describe as loosely (`sk-`/`sk-proj-` keys without
  OpenAI's marker, `AKIA` with any body, `ya29.`, `GOCSPX-`, `1//0`, JWTs, URL
  signatures): the whole token is masked. Google API keys (`AIza...`) are the maintained rule
  set's alone (`notary.providers`): like gitleaks' rule it wants an entropy of 4 bits and
  leaves alone the sample keys Google publishes in its SDKs;
* private key blocks: the body between the BEGIN and END lines (without an END line,
  everything after BEGIN; without a BEGIN line, the base64 lines before END, or two or more
  full-width random base64 lines), never a public key, certificate or signature body.

Values that are clearly not secrets are left alone (see `notary.values`), as are Chinese
descriptions of a secret ("密码是什么", "密码为空", "密码要求至少12位", "密码是8位").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from extractors.notary.keys import kind_of
from extractors.notary.randomness import looks_random
from extractors.notary.values import (
    CN_STOP,
    MASKED,
    QUOTED,
    VALUE,
    Check,
    Finding,
    code_like,
    in_public_block,
    is_placeholder,
    slug,
    unit_follows,
    value_span,
)


@dataclass(frozen=True)
class Rule:
    """One pattern: the whole match (`whole`) or its `v...` group is the secret."""

    label: str
    pattern: re.Pattern[str]
    rank: int
    check: Check | None = None
    whole: bool = False
    kind: str = ""
    """The placeholder type; by default the label's (`{kind}` labels: the keyword's kind)."""
    span: Callable[[re.Match[str]], tuple[int, int] | None] | None = None
    """Where the secret is, for a rule whose pattern only finds an anchor (default: the
    `v...` group, or the whole match)."""


# --- checks -------------------------------------------------------------------------------

_PROSE_GOES_ON = re.compile(r"[ \t]+[a-z]")


_META_SUFFIX = re.compile(
    r"(?i)[_\-.]?(?:policy|length|len|min|max|count|type|file|path|url|uri|endpoint|field|label"
    r"|prompt|regex|pattern|hint|rules?|strength|version|id|name|enabled|required|expir\w*|ttl"
    r"|timeout|limit|size|format|header|param|env|var|mode|algorithm|hash|iterations|rounds"
    r"|reset|changed|updated|at|date|time|provider|store|manager|source|dir|input|box|button"
    r"|column|attempts|retries|age|lifetime|salt|encoding|chars?|digits?)(?![a-z])"
)
"""A key suffix that names something about the secret, not the secret (`password_policy`)."""


_PUBLIC_KEY = re.compile(r"(?i:public|pub|csrf|xsrf)[_\-.]?$")
PUBLIC_WINDOW = 8
"""How far before a key `_PUBLIC_KEY` looks (its longest match is 7 characters): a search
over the whole text before every key made a long text of keys cost quadratic time."""
"""A key that names something public or anti-forgery (`public_key`, `publicToken`,
`csrf-token`): not a credential."""


def _decorated(match: re.Match[str]) -> bool:
    """`db_pass`, `myPwd`, `pass_prod`: the keyword is part of a longer key name."""
    before = match.string[match.start("k") - 1 : match.start("k")]
    return bool(match.group("suf")) or (before != "" and (before in "_-." or before.islower()))


def _check_assignment(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    key = match.group("k").lower()
    op = match.group("op")
    suffix = match.groupdict().get("suf") or ""
    key_start = match.start("k")
    if (suffix and _META_SUFFIX.match(suffix)) or _PUBLIC_KEY.search(
        match.string, max(0, key_start - PUBLIC_WINDOW), key_start
    ):
        return False
    if is_placeholder(value) or unit_follows(match, end) or code_like(value, op, key):
        return False
    if key in ("pass", "pw") and op not in ("=", ":=") and not _decorated(match):
        return False
    if key == "pwd" and value.startswith(("/", "~/", "./", "../")):
        return False
    if key.startswith(("cookie", "session")) and "=" not in value:
        return _check_tokenish(match, start, end)
    if op in (":", "：") and key in ("secret", "token") and value.isalpha() and value.islower():
        return _PROSE_GOES_ON.match(match.string, end) is None
    return True


def _check_prose(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    key = match.group("k").lower()
    if is_placeholder(value) or unit_follows(match, end) or code_like(value, None, key):
        return False
    if key == "token" or key.endswith("credentials"):
        return len(value) >= 8 and any(c.isdigit() for c in value)
    return True


def _check_key_lines(match: re.Match[str], start: int, end: int) -> bool:
    """Two or more full-width base64 lines (the body of a PEM or PGP block, also without its
    BEGIN line) whose characters look random."""
    body = "".join(match.string[start:end].split())
    return not in_public_block(match.string, start) and looks_random(body[:4096])


def _check_cli_auth(match: re.Match[str], start: int, end: int) -> bool:
    """Only `user:password` carries a secret (`-u user` alone makes curl ask for it)."""
    value = match.string[start:end]
    return ":" in value and not is_placeholder(value.partition(":")[2])


def _check_chinese(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    if match.group("vc") is not None:
        return match.group("k")[0] > "\u2e80" and CN_STOP.match(value) is None
    if is_placeholder(value) or unit_follows(match, end):
        return False
    return not (match.group("k")[0] < "\u2e80" and match.group("op") in ":：=")


def _check_bare_chinese(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    return len(value) >= 4 and not is_placeholder(value) and not unit_follows(match, end)


_BODY_LINE = re.compile(r"[ \t]*[A-Za-z0-9+/=]{4,}[ \t]*\r?")


def _body_before_end(match: re.Match[str]) -> tuple[int, int] | None:
    """The base64 lines right above an END line (a block whose BEGIN line is missing), read
    backwards line by line: linear, where a pattern ending in a look-ahead for the END line
    re-read every run of lines from each of its lines."""
    text, start = match.string, match.start()
    while start > 0:
        line = text.rfind("\n", 0, start - 1) + 1
        if not _BODY_LINE.fullmatch(text, line, start - 1):
            break
        start = line
    end = match.start()
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def _check_value(match: re.Match[str], start: int, end: int) -> bool:
    return not is_placeholder(match.string[start:end])


MIN_KEY_BODY = 24


def _check_key_body(match: re.Match[str], start: int, end: int) -> bool:
    """A private key block's body: at least `MIN_KEY_BODY` characters of key material (a block
    around "anything" or "..." is a stand-in)."""
    return len("".join(match.string[start:end].split())) >= MIN_KEY_BODY


def _check_header(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    return not is_placeholder(value) and not code_like(value, None, "authorization")


_WEB_PORT = re.compile(r"\d{1,5}(?:[/?#]|$)")


def _check_url(match: re.Match[str], start: int, end: int) -> bool:
    """`postgres://app:pw@db`; but in `https://host:8443/invite?to=bob@x.com` the digits are
    a port and the `@` belongs to the path or query (web schemes only)."""
    value = match.string[start:end]
    web = match.group("scheme").lower() in ("http", "https", "ws", "wss")
    return not is_placeholder(value) and not (web and _WEB_PORT.match(value))


def _check_tokenish(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    return len(value) >= 16 and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _check_sk(match: re.Match[str], start: int, end: int) -> bool:
    """`sk-` plus random characters, not `sk-` plus a hyphenated phrase."""
    body = match.string[start + 3 : end]
    return "-" not in body.removeprefix("proj-") or any(c.isdigit() or c.isupper() for c in body)


# --- rules --------------------------------------------------------------------------------

_I = re.IGNORECASE
_KEYWORDS = (
    r"pass(?:word|wd|phrase|code)?|pwd|pw"
    r"|secret(?:[_\-.]?(?:access[_\-.]?)?key)?"
    r"|(?:api|access|account|shared[_\-.]?access|private|master|encryption|signing|client|app"
    r"|consumer|subscription|auth)[_\-.]?key"
    r"|apikey|token|cookie|session[_\-.]?(?:id|token|key|secret)"
)
_KEY_START = (
    r"(?:(?<![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z])"
    r"|(?<=[A-Z0-9])(?=PASSWORD|PASSWD|SECRET|TOKEN|APIKEY|API_KEY))"
)
_ANNOTATION = r"(?:[ \t]*:[ \t]*[A-Za-z_][\w\[\]., |]{0,40}?(?=[ \t]*=[^=>]))?"
_SUFFIX = r"(?P<suf>(?:[_\-.][A-Za-z0-9]+|[A-Z][a-z0-9]+|[A-Z0-9]+(?![a-z])){0,3}?)"
"""Decoration after the keyword: `password_super_secure`, `passwordProd`, `TOKEN_V2`."""
_ASSIGNMENT = re.compile(
    rf"{_KEY_START}(?:--)?(?P<k>(?i:{_KEYWORDS})){_SUFFIX}(?![A-Za-z0-9])[\"'\]]?{_ANNOTATION}"
    rf"[ \t]*(?P<op>=>|:=|===?|!==?|=|:|：)[ \t]*{VALUE}"
)
_REVERSED = re.compile(
    rf"(?:{QUOTED})[ \t]*(?P<op>===?|!==?)[ \t]*(?:[A-Za-z_][\w.]*?[_.])?"
    rf"(?P<k>(?i:{_KEYWORDS}))(?![A-Za-z0-9])"
)
"""A comparison written value first: `if ("s3cret" == password)`."""
_ARGUMENT = re.compile(
    rf"{_KEY_START}(?P<k>(?i:{_KEYWORDS})){_SUFFIX}[ \t]*\([ \t]*(?P<op>)(?:{QUOTED})"
)
"""A literal passed to a function named for a secret: `set_password("...")`,
`withApiKey('...')`, `PASSWORD('...')` in SQL."""
_SQL = re.compile(
    rf"(?i:\bidentified(?:[ \t]+with[ \t]+\w+)?[ \t]+by(?:[ \t]+password)?"
    rf"|\b(?:with[ \t]+)?(?:encrypted[ \t]+|unencrypted[ \t]+)?password)"
    rf"[ \t]+(?:{QUOTED})"
)
"""SQL that sets a password: `IDENTIFIED BY 'x'`, `WITH PASSWORD 'x'`, `PASSWORD 'x'`."""
_CLI_AUTH = re.compile(
    r"(?i:\b(?:curl|wget|http|https|httpie|xh|ab|lftp|ftp|svn|git)\b)[^\n]{0,300}?[ \t]"
    r"(?:-u|--user|-a|--auth|--proxy-user|-U)(?:=|[ \t]+)"
    rf"(?:{QUOTED}|(?P<vu>[^\s'\"]+))"
)
"""`curl -u user:pass`, `http -a user:pass`: the whole `user:pass` is masked."""
_CLI_COOKIE = re.compile(
    r"(?i:\bcurl\b)[^\n]{0,300}?[ \t](?:-b|--cookie)(?:=|[ \t]+)"
    rf"(?:{QUOTED}|(?P<vu>[^\s'\"]+=[^\s'\"]+))"
)
_CLI_FLAG = re.compile(
    rf"(?<![\w-])--(?P<k>(?i:{_KEYWORDS}))(?![\w-])[ \t]+(?P<op>)(?!-[A-Za-z](?:\s|$)|--[a-z])"
    rf"{VALUE}"
)
_XML = re.compile(
    r"<(?P<tag>[\w:.\-]{0,64}?(?P<k>(?i:password|passwd|secret|token|api[_\-]?key|apikey"
    r"|access[_\-]?key|private[_\-]?key)))>(?P<vu>[^<\n]{1,512})</(?P=tag)>"
)
_PROSE_KEYWORDS = (
    r"pass\s?word|passwd|passphrase|passcode|pwd|apikey|client\s+secret"
    r"|(?:api|access|secret(?:\s+access)?|private)\s+key"
    r"|(?:access|auth|api|bearer|bot|refresh|session|personal\s+access|github|gitlab|slack"
    r"|discord|openai|hugging\s?face|npm|pypi)\s+token|token"
)
_PROSE = re.compile(
    rf"\b(?P<k>{_PROSE_KEYWORDS})\b"
    r"(?:\s+(?:for|to|of|on|at|in)\s+[^\n.,;:!?\"'“”]{1,40}?)?"
    r"\s+(?P<op>(?:is|was|(?:(?:has|have)\s+been\s+|was\s+|is\s+)?(?:changed|set|reset|updated)"
    r"\s+to)\b|=)"
    r"(?:\s+(?:now|still|currently|actually|just|really))?"
    rf"\s*[:：]?\s*{VALUE}",
    _I,
)
_CN_KEYWORDS = (
    r"密码|口令|密钥|秘钥|令牌|私钥|通行码|(?i:password|passwd|pwd|api\s?key|token|secret)"
)
_CHINESE = re.compile(
    rf"(?P<k>{_CN_KEYWORDS})[^\S\n]*(?:也|就|还|都|则|其实|现在|目前|已经|已)?"
    r"(?P<op>是|为|改成了?|改为|换成了?|设置为|设置成|设为|设成|变成了?|变为|[:：=])"
    rf"[^\S\n]*[:：]?[^\S\n]*(?:{QUOTED}|(?P<vu>[!-~]{{1,512}})|(?P<vc>[\u4e00-\u9fff]{{1,16}}))"
)
_CHINESE_BARE = re.compile(
    r"(?P<k>密码|口令|密钥|秘钥|私钥)[^\S\n]?(?P<vu>[!-~]{0,256}?\d[!-~]{0,256})"
)
_PIN = re.compile(
    r"(?i:\bpin(?:[\s_-]?code)?|pin码|支付密码)(?:\s+(?:for|of|to|on)\s+[^\n.,;:!?]{1,30}?)?"
    r"\s*(?:is|was|[:=：]|是|为)\s*[:：]?\s*(?P<vu>\d{4,8})(?!\d)"
)

_LABELLED: tuple[Rule, ...] = (
    Rule(
        "private key block",
        re.compile(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
            r"(?P<vq>[\s\S]*?)(?=-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
        0,
        _check_key_body,
        kind="private_key",
    ),
    Rule(
        "private key block",
        re.compile(r"(?m)^[ \t]*-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"),
        0,
        _check_key_body,
        kind="private_key",
        span=_body_before_end,
    ),
    Rule(
        "private key material",
        re.compile(r"(?m)(?P<vq>(?:^[ \t]*[A-Za-z0-9+/]{60,80}={0,2}[ \t]*(?:\r?\n|\Z)){2,})"),
        0,
        _check_key_lines,
        kind="private_key",
    ),
    Rule(
        "PuTTY private key",
        re.compile(r"Private-Lines:[ \t]*\d+[ \t]*\r?\n(?P<vq>(?:[A-Za-z0-9+/=]+(?:\r?\n|$))+)"),
        0,
    ),
    Rule(
        "credentials in URL",
        re.compile(
            r"\b(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]{1,30})://[^\s:/@?#\[\]]{0,256}:"
            r"(?P<vq>\S{1,256})@(?=[\w.\-\[])"
        ),
        1,
        _check_url,
        kind="password",
    ),
    Rule(
        "authorization header",
        re.compile(
            r"\b(?:proxy-)?authori[sz]ation\b[\"']?[ \t]*[:=][ \t]*[\"']?"
            r"(?:(?:bearer|basic|token|digest|bot|apikey|api-key|hmac|negotiate|ntlm|sso-key)"
            r"[ \t]+)?(?P<vu>\S+(?:[ \t]+\w+=\S+)*)",
            _I,
        ),
        1,
        _check_header,
    ),
    Rule(
        "cookie header",
        re.compile(r"(?im)^[ \t]*(?:set-)?cookie[ \t]*:[ \t]*(?P<vq>[^\r\n=]+=[^\r\n]*)$"),
        1,
        kind="cookie",
    ),
    Rule(
        "bearer token", re.compile(r"\b[Bb]earer[ \t]+(?P<vu>[\w\-.~+/]{8,}=*)"), 2, _check_tokenish
    ),
    Rule("{kind} in XML", _XML, 2, _check_value),
    Rule("{kind} assignment", _ASSIGNMENT, 3, _check_assignment),
    Rule("{kind} compared in code", _REVERSED, 3, _check_value),
    Rule("{kind} passed as an argument", _ARGUMENT, 3, _check_assignment),
    Rule("password set in SQL", _SQL, 3, _check_value, kind="password"),
    Rule("credentials on a command line", _CLI_AUTH, 2, _check_cli_auth, kind="password"),
    Rule("cookie on a command line", _CLI_COOKIE, 2, _check_value, kind="cookie"),
    Rule("{kind} command-line flag", _CLI_FLAG, 3, _check_assignment),
    Rule("{kind} stated in text", _PROSE, 4, _check_prose),
    Rule("{kind} stated in Chinese text", _CHINESE, 4, _check_chinese),
    Rule("{kind} stated in Chinese text", _CHINESE_BARE, 5, _check_bare_chinese),
    Rule("PIN", _PIN, 4, _check_value),
)


def _token(
    label: str, body: str, check: Check | None = None, flags: int = 0, kind: str = ""
) -> Rule:
    return Rule(label, re.compile(body, flags), 1, check, whole=True, kind=kind)


_PROVIDERS: tuple[Rule, ...] = (
    _token("Anthropic API key", r"(?<![A-Za-z0-9_\-])sk-ant-[A-Za-z0-9_\-]{20,}"),
    _token(
        "OpenAI-style secret key",
        r"(?<![A-Za-z0-9_\-])sk-[A-Za-z0-9_\-]{20,}",
        _check_sk,
        kind="openai_api_key",
    ),
    _token(
        "AWS access key",
        r"(?<![A-Z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)"
        r"[A-Z0-9]{16}",
        kind="aws_access_token",
    ),
    _token("Google OAuth token", r"(?<![A-Za-z0-9])ya29\.[0-9A-Za-z_\-]{20,}"),
    _token("Google OAuth client secret", r"(?<![A-Za-z0-9])GOCSPX-[0-9A-Za-z_\-]{20,}"),
    _token("Google OAuth refresh token", r"(?<![A-Za-z0-9])1//0[0-9A-Za-z_\-]{30,}"),
    _token("JSON Web Token", r"(?<![A-Za-z0-9_\-])eyJ[\w\-]{5,}\.[\w\-]{5,}\.[\w\-]*", kind="jwt"),
    Rule("signature in URL", re.compile(r"[?&](?:sig|X-Amz-Signature)=(?P<vq>[\w%+/=\-]{16,})"), 1),
)

RULES: tuple[Rule, ...] = _LABELLED + _PROVIDERS

_LABEL_WORDS = ("pass", "pw", "secret", "key", "token", "cookie", "session", "auth")
_CN_WORDS = ("密码", "口令", "密钥", "秘钥", "令牌", "私钥", "通行码")
NEEDLES: dict[str, tuple[str, ...]] = {
    "private key block": ("-----",),
    "private key material": ("\n",),
    "PuTTY private key": ("private-lines",),
    "credentials in URL": ("://",),
    "authorization header": ("authori",),
    "cookie header": ("cookie",),
    "bearer token": ("bearer",),
    "{kind} in XML": ("</",),
    "{kind} assignment": _LABEL_WORDS,
    "{kind} compared in code": _LABEL_WORDS,
    "{kind} passed as an argument": _LABEL_WORDS,
    "password set in SQL": ("identified", "password"),
    "credentials on a command line": ("curl", "wget", "http", "xh", "ab", "ftp", "svn", "git"),
    "cookie on a command line": ("curl",),
    "{kind} command-line flag": ("--",),
    "{kind} stated in text": _LABEL_WORDS,
    "{kind} stated in Chinese text": _LABEL_WORDS + _CN_WORDS,
    "PIN": ("pin", "支付密码"),
    "Anthropic API key": ("sk-ant-",),
    "OpenAI-style secret key": ("sk-",),
    "AWS access key": (
        "a3t",
        "akia",
        "asia",
        "abia",
        "acca",
        "agpa",
        "aida",
        "aroa",
        "aipa",
        "anpa",
        "anva",
        "apka",
    ),
    "Google OAuth token": ("ya29.",),
    "Google OAuth client secret": ("gocspx-",),
    "Google OAuth refresh token": ("1//0",),
    "JSON Web Token": ("eyj",),
    "signature in URL": ("sig",),
}
"""Lower-case substrings every match of a rule contains: a rule runs only on text holding one
(most messages hold none, and skipping is what keeps the notary cheap)."""
_GATED = tuple((rule, NEEDLES.get(rule.label, ())) for rule in RULES)


def _label(rule: Rule, match: re.Match[str]) -> tuple[str, str]:
    """The finding's label and placeholder type."""
    if "{kind}" not in rule.label:
        return rule.label, rule.kind or slug(rule.label)
    kind = kind_of(match.group("k"))
    return rule.label.format(kind=kind), rule.kind or slug(kind)


def own_findings(text: str) -> Iterator[Finding]:
    """Every span our own rules would mask in `text` (never one whose label is a placeholder's
    type, as in `[REDACTED:access_key] :000`)."""
    masks = [m.span() for m in MASKED.finditer(text)] if "REDACTED" in text else []
    lowered = text.lower()
    for rule, needles in _GATED:
        if needles and not any(needle in lowered for needle in needles):
            continue
        for match in rule.pattern.finditer(text):
            if rule.span is not None:
                span = rule.span(match)
            else:
                span = match.span() if rule.whole else value_span(match)
            if span is None or (rule.check is not None and not rule.check(match, *span)):
                continue
            if masks and any(s <= match.start() < e for s, e in masks):
                continue
            label, kind = _label(rule, match)
            yield Finding(span[0], span[1], label, rule.rank, kind)
