"""The grammar of named secrets: a credential word, an optional owner, a separator, a value.

How people write a credential they name, in one grammar rather than a list of examples:

    [owner] WORD [decoration] [closing quote or bracket] SEPARATOR VALUE

* **WORD** (`WORDS`, case-blind, parts joined by nothing, `_`, `-`, `.` or a space):
  password, passwd, passwrd, pword, pswd, pwd, pw, pass, passphrase, passcode, passwort,
  passkey, pin, pin code, one-time codes (auth/access/verification/recovery/backup/security/
  login/SMS/2FA code, OTP, TOTP), secret, client/app/consumer secret, token,
  access/auth/api/bearer/refresh/session/bot/OAuth/id token, key, api key, apikey,
  access/secret/private/account/master/signing/encryption/auth key, credential(s), cred(s),
  auth, authorization, cookie, session id, a Wi-Fi or VPN pre-shared key (psk); in Chinese
  密码, 口令, 密钥, 秘钥, 私钥, 令牌, 通行码, 授权码, 验证码, 动态码, 凭证, 凭据, 支付密码, PIN码.
  A word is *strong* when it can only name a secret (password, passphrase, api key, access
  token, client secret, every Chinese word) and *weak* when ordinary language also uses it
  ("the mountain pass", "my key point", "a token gesture", "the secret to good coffee").
* **owner and decoration**: any name around the word (`db_password`, `DB_PASSWORD`,
  `myPassword`, `password_prod`, `mysql password`, `wifi password`), also an owner glued to
  a password word in lower case (`userpass`, `dbpassword`, `tlspassword`) unless the whole is an
  English word (`bypass`, `compass`, `trespass`: `glued_english`); a decoration that names
  something *about* the secret (`password_policy`, `token_limit`, `key_length`) or a public
  value (`public_key`, `csrf_token`) makes it no label.
* **SEPARATOR**, one of four classes: *assignment* (`=`, `:`, `：`, `:=`, `=>`, `->`, `==`,
  also after a quote, bracket, subscript or type annotation: `"password": "..."`,
  `$config['db_password'] = '...'`, `password: str = "..."`); *side by side*, a quoted name,
  a comma and a quoted value (`define("DB_PASSWORD", "...")`, `getenv("PWD", "...")`), read
  as the space column; an XML element named by any credential word (`<pwd>...</pwd>`,
  `<dbPassword>`: `check_element`) is an assignment; *statement* (`is`, `was`, `are`,
  `is now`, `changed/set/reset/updated to`, optionally after "for the db"; a spaced dash or a
  bar: `token - 'x'`,
  `token | x`, `token |x`); *space* alone (`PW Tr0ub4dor&3x`); and in
  Chinese 是, 为, 改成, 设置为, 换成, 变成, `：`, or nothing (密码abc123).
* **VALUE**: quoted (any quotes, also 「」 and “”) or unquoted up to a space or the next field
  (`values.VALUE`); its shape is judged by `notary.shapes`.

Whether the value is a secret is one decision table on (word, separator, shape):

| shape \\ separator | assignment              | statement                 | space       |
| ------------------ | ----------------------- | ------------------------- | ----------- |
| RANDOM             | secret                  | secret                    | secret      |
| MIXED              | secret                  | secret                    | strong, or  |
|                    |                         |                           | 12+ chars   |
| WORD               | strong; pass, pw, token | strong only               | never       |
|                    | and secret too          |                           |             |
| NUMBER             | PIN and password words  | PIN and password words    | PIN, code   |
|                    | (4+ digits); others 8+  | (4+ digits)               | (4+ digits) |
| NOTHING            | never                   | never                     | never       |

and a WORD after `:` followed by more lower-case words is prose ("password: must be long"),
not a value. CJK characters are a value only after a Chinese word and a Chinese statement
(密码是芝麻开门), never a question or description (密码是什么, 密码为空). Beside the table, a
value is never a secret when a unit follows it ("12 characters", "8位"), when it is source code
(`password = password`, `self._pwd = pwd`; `values.code_like`), or, for `pwd`, a path.
Cookies and sessions need a `name=value` pair or a RANDOM value. A bare `key` or `auth` that is
part of a longer code name (`schemaKey`, `sort_key`, `KeyPair`, `keyPressed`) names the key of
something else: only a RANDOM value after it is a secret. A value holding a PEM armour line is
the key-block family's to judge.

A user name and password written as a pair (`user/pass: admin/Tr0ub4dor`) mask the part after
the pair's separator.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from extractors.notary.english import english_words, is_english
from extractors.notary.keys import FOREIGN_PASSWORDS
from extractors.notary.shapes import Shape, shape
from extractors.notary.values import CN_STOP, VALUE, code_like, unit_follows, value_span

_J = r"[_\-. ]?"
FOREIGN_WORDS = (
    r"kennwort|contrase(?:ñ|n)a|senha|mot{_J}de{_J}passe|wachtwoord|l(?:ö|o)senord|salasana"
    r"|has(?:ł|l)o|adgangskode|пароль|パスワード|비밀번호|m(?:ậ|a)t{_J}kh(?:ẩ|a)u|(?:ş|s)ifre"
    r"|mdp|clave|contrasenya|heslo|jelsz(?:ó|o)|lozinka|geslo|parool|slapta(?:ž|z)odis"
    r"|pasahitza|kata{_J}(?:sandi|laluan)"
).replace("{_J}", _J)
"""The password word of other languages people paste configs and notes in (German, Spanish,
Portuguese, French, Dutch, Swedish, Finnish, Polish, Danish, Russian, Japanese, Korean,
Vietnamese, Turkish, Catalan, Czech and Slovak, Hungarian, Croatian and Serbian, Slovenian,
Estonian, Lithuanian, Basque, Indonesian, Malay), also as config files abbreviate it (French
`mdp`, *mot de passe*): strong words, but Spanish `clave`, which is also "key" ("la clave del
éxito"), is weak. Not Italian `parola` ("word")."""
WORDS = (
    rf"pass(?:word|wd|wrd|phrase|code|wort|key)?s?|pswd|pwd|pw|pword"
    rf"|pin(?:{_J}code)?"
    rf"|(?:auth(?:ori[sz]ation)?|access|verification|recovery|backup|security|one{_J}time|login"
    rf"|sms|2fa|mfa|otp|totp){_J}code|otp|totp"
    rf"|(?:(?:client|app|consumer|webhook|shared|signing){_J})?secret(?:{_J}(?:access{_J})?key)?"
    rf"|(?:(?:access|auth|api|bearer|bot|refresh|session|personal{_J}access|oauth|id)"
    rf"{_J})?token"
    rf"|(?:(?:api|access|account|shared{_J}access|private|master|encryption|signing|client"
    rf"|app|consumer|subscription|auth|license|storage|deploy){_J})?key|apikey"
    rf"|cred(?:ential)?s?|auth(?:ori[sz]ation)?|cookie|session{_J}(?:id|key|secret)"
    rf"|psk|pre{_J}shared{_J}key|{FOREIGN_WORDS}"
)
"""Every credential word (case-blind); see the module docstring."""
CN_WORDS = "密码|口令|密钥|秘钥|私钥|令牌|通行码|授权码|验证码|动态码|凭证|凭据|支付密码|(?i:pin)码"
_WEAK = frozenset(
    {
        *("pass", "passes", "pw", "pin", "pincode", "token", "secret", "key", "cred", "creds"),
        *("credential", "credentials", "auth", "authorization", "cookie", "sessionid"),
        *("sessionkey", "sessionsecret", "clave"),
    }
)
_PASSWORDS = ("pass", "pw", "pwd", "pswd", "pword", "pin", "otp", "totp")
_CN_PASSWORDS = ("密码", "口令", "通行码", "pin码", "验证码", "动态码", "code")
"""Words whose value may be all digits (a PIN, a one-time code): four or more are a secret."""
_WORD_VALUED = ("pass", "pw", "token", "secret", "clave")
"""Weak words whose assigned value may be a word (`pass: monkey`, `clave: secreto`)."""
_KEY_START = (
    r"(?:(?<![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])"
    r"|(?<=[A-Z0-9])(?=PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|APIKEY|API_KEY|KEY)"
    r"|(?<=[a-z])(?=pass|pwd|pw(?![a-z])))"
)
"""Where a credential word starts: a name's start, a camel hump (`dbPassword`), a hump after
an acronym (`DBPassword`, `SMTPPassword`), after an upper-case owner (`DBPASSWORD`) or, for a
password word only, glued to a lower-case owner (`userpass`, `tlspassword`, `rootpw`;
`glued_english` refuses English words so written, `bypass`; `jsonwebtoken` is a name, not an
owner and a token)."""
_SUFFIX = r"(?P<suf>(?:[_\-.][A-Za-z0-9]+|[A-Z][a-z0-9]+|[A-Z0-9]+(?![a-z])){0,3}?)"
LABEL = rf"{_KEY_START}(?P<k>(?i:{WORDS})){_SUFFIX}(?![A-Za-z0-9])"
"""The credential word with its owner and decoration (every rule that finds one uses it)."""
_YAML_NODE = r"(?:(?:&[\w\-]{1,64}|!![a-z]{1,16})[ \t]+)?"
"""A YAML anchor or core tag before a value (`password: &db_pw x`, `password: !!str x`)."""
_ANNOTATION = r"(?:[ \t]*:[ \t]*&?[A-Za-z_][\w\[\]., |<>]{0,40}?(?=[ \t]*=[^=>]))?"
"""A type annotation between a name and `=` (`password: str = ...`, TypeScript's `password:
string = ...`, Rust's `password: &str = ...`, `Option<String>`)."""

ASSIGNMENT = re.compile(
    rf"{LABEL}(?:[\"'][\]\)]?|[\]\)])?{_ANNOTATION}"
    rf"(?:[ \t]*(?P<op>=>|->|:=|::=|\?=|\+=|===?|!==?|=|:|：)|[ \t]+(?P<dash>[-–—](?=[ \t])|\|)"
    rf"|(?<=[\"'])[ \t]*(?P<comma>,))"
    rf"[ \t]*{_YAML_NODE}{VALUE}"
)
NEXT_LINE = re.compile(
    rf"{LABEL}[\"']?[ \t]*(?P<op>:)[ \t]*(?P<block>[|>][+\-]?)?[ \t]*\r?\n(?P<ind>[ \t]+)"
    rf"(?![\-#][ \t]|\S*:(?:[ \t]|\r?\n|$)){_YAML_NODE}{VALUE}[ \t]*(?=\r?\n|$)"
)
"""A YAML value on the line under its name (`password:` then `  x` more indented), also a block
scalar (`password: |`), whose further lines at the same indentation are part of the value; not
a nested key (`  user: x`), a list item or a comment."""


def next_line_span(match: re.Match[str]) -> tuple[int, int] | None:
    """`NEXT_LINE`'s value; of a block scalar, with the further lines indented as its first."""
    span = value_span(match)
    if span is None or not match.group("block"):
        return span
    text, indent, end = match.string, match.group("ind"), span[1]
    while text.startswith("\n" + indent, end) and text[end + 1 + len(indent) :][:1].strip():
        following = text.find("\n", end + 1)
        end = len(text) if following < 0 else following
    return span[0], end


def check_next_line(match: re.Match[str], start: int, end: int) -> bool:
    """`NEXT_LINE`'s value judged by its first line, in the assignment column, when the name
    opens its line as a YAML key does (after indentation, a list dash or a short lead-in such
    as `Note: `); a name inside a statement (`if token.is_space:` then `break`) is code."""
    text = match.string
    name = _name_start(match)
    line = text.rfind("\n", 0, name) + 1
    if _KEY_OPENS_LINE.fullmatch(text, line, name) is None:
        return False
    first = text.find("\n", start, end)
    return check(match, start, end if first < 0 else first, ASSIGN)


_KEY_OPENS_LINE = re.compile(r"[ \t]*(?:-[ \t]+)?(?:[A-Za-z][\w ]{0,20}:[ \t]+)?[\"']?")


STATEMENT = re.compile(
    rf"{LABEL}(?:\s+(?i:for|to|of|on|at|in|with)\s+[^\n.,;:!?\"'“”]{{1,40}}?)?"
    r"\s+(?P<op>(?i:is|was|are|(?:(?:has|have)\s+been\s+|was\s+|is\s+)?"
    r"(?:changed|set|reset|updated)\s+to)\b)"
    r"(?:\s+(?i:now|still|currently|actually|just|really))?"
    rf"\s*[:：]?\s*{VALUE}"
)
SPACED = re.compile(rf"{LABEL}[\"']?(?P<op>[ \t]{{1,4}})(?![=:：>\-])(?:{VALUE})")
CHINESE = re.compile(
    rf"(?P<k>{CN_WORDS}|(?<![A-Za-z0-9])(?i:password|passwd|pwd|api\s?key|token|secret))[^\S\n]*"
    r"(?:也|就|还|都|则|其实|现在|目前|已经|已)?"
    r"(?P<op>是|为|改成了?|改为|换成了?|设置为|设置成|设为|设成|变成了?|变为|[:：=])"
    r"[^\S\n]*[:：]?[^\S\n]*"
    + _YAML_NODE
    + r"(?:"
    + VALUE.removeprefix("(?:").removesuffix(")")
    + r"|(?P<vc>[\u4e00-\u9fff]{1,16}))"
)
CHINESE_BARE = re.compile(rf"(?P<k>{CN_WORDS})(?P<op>[^\S\n]?)(?P<vu>[!-~]{{1,256}})")
PAIR = re.compile(
    r"(?i:\b(?:user(?:name)?|login|id|account|acct)[ \t]*[/|][ \t]*(?:pass(?:word)?|pwd|pw))"
    r"(?P<k>)(?P<op>[ \t]*[:=：][ \t]*)[^\s/|]{1,64}[ \t]*[/|][ \t]*(?P<vu>[^\s/|]{1,256})"
)

NEAR = re.compile(
    rf"{LABEL}[\"'\]\)]?(?P<op>[ \t]*[:=：]?)"
    r"(?P<names>(?:[ \t]+[A-Za-z][\w\-]{0,30}[\"')\]]?[ \t]*[:=：]?){0,2})"
    r"(?:[ \t]+|[ \t]*\r?\n[ \t]*)[\"'(\[]?(?P<vu>[0-9A-Za-z][0-9A-Za-z_\-]{11,255})(?![\w\-])"
)
"""A credential word that governs a value a name or two away, or on the next line: `apikey
acme 3f2a...`, `credentials: acme 3f2a...`, `acme token` then the key alone on the next line.
Only a code of letters and digits (12+ characters, `near_code`) is a secret here: a hex run, a
UUID, a key."""
MIN_NEAR = 12
_NOT_A_NAME = re.compile(
    r"is|was|are|were|be|been|the|an?|this|that|it|thing|things|point|part|idea|question|word"
    r"|ids?|policy|length|limit|count|type|size|hash|version|name|format|expiry|expires"
)
"""Words between the credential word and the value that make it no label: a verb or an
article ("the key thing is ..."), ordinary senses of "key" ("key point"), and decorations that
name something about the secret (`token limit`, `key id`)."""


def near_code(match: re.Match[str], start: int, end: int) -> bool:
    """The value after `NEAR`'s word and names: letters and digits together, MIXED or RANDOM
    (RANDOM after a bare `key` inside a code name: `oktaKey`), and no name between that makes
    the word no label (`_NOT_A_NAME`)."""
    value = match.string[start:end]
    word = match.group("k")
    names = re.findall(r"[a-z][\w\-]*", (match.group("names") or "").lower())
    if not_a_label(match, word) or any(_NOT_A_NAME.fullmatch(name) for name in names):
        return False
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return False
    least = Shape.RANDOM if _vague(match, word) else Shape.MIXED
    return len(value) >= MIN_NEAR and shape(value) >= least


_META_SUFFIX = re.compile(
    r"(?i)(?:^|[_\-.]|(?<=[a-z])(?=[A-Z]))(?:policy|length|len|min|max|count|type|files?|paths?|url|uri|endpoint|field|label"
    r"|prompt|regex|pattern|hint|rules?|strength|version|id|name|enabled|required|expir\w*|ttl"
    r"|timeout|limit|size|format|header|param|env|var|mode|algorithm|hash|iterations|rounds"
    r"|reset|changed|updated|at|date|time|provider|store|manager|source|dirs?|input|box|button"
    r"|column|attempts|retries|age|lifetime|salt|encoding|chars?|digits?|realm|scheme"
    r"|methods?|namespace|rotation|schedule|expression|interval|period"
    r"|identifier|spec|prefix|suffix|attributes?)(?![a-z])"
)
"""A decoration that names something about the secret, not the secret (`password_policy`;
where it is kept, `secretNamespace`; when it changes, `password_rotation_schedule`; which key
and of what kind, `KmsKeyIdentifier`, `customer_master_key_spec`; a part of a name,
`ReplaceKeyPrefixWith`; the fields beside a key, `non_key_attributes`)."""


def about_a_secret(name: str) -> bool:
    """A name one of whose parts names something about a secret (`min_length`, `policy`,
    `MaxAge`), not a secret (`admin`)."""
    parts = re.split(r"[_\-.]|(?<=[a-z])(?=[A-Z])", name)
    return any(_META_SUFFIX.fullmatch("_" + part) for part in parts if part)


_PUBLIC = re.compile(r"(?i:public|pub|csrf|xsrf|publishable)[_\-. ]?$")
PUBLIC_WINDOW = 12
_PROSE_GOES_ON = re.compile(r"[ \t]+[a-z]")
_CODE_OPERATOR = re.compile(r"==(?=.)|!=|&&|\|\||->|::|\)\s*$")
"""An operator of source code inside a value (`pIdxKey->default_rc==0`); `==` closing a value
is base64 padding, not a comparison."""

ASSIGN, STATE, SPACE, CN_STATE, CN_BARE = "assign", "state", "space", "cn_state", "cn_bare"
MIN_SPACED_WEAK = 12
MIN_DIGITS = 4
"""A PIN, a one-time code or a password of digits has at least this many."""
"""A MIXED value after a weak word and a space alone needs this many characters
(`token 5f2a9c1e4b7d`, not `pass 2nd`)."""


@dataclass(frozen=True)
class Label:
    """The credential word found before a value, and how it was written."""

    word: str
    separator: str
    """One of ASSIGN, STATE, SPACE, CN_STATE, CN_BARE."""
    glued: bool = False
    """A password word glued to its owner (`rootpw`, `requirepass`, `userpass`): a name in
    code or a config directive, never a word of prose."""

    @property
    def normal(self) -> str:
        return re.sub(r"[^a-z\u4e00-\u9fff]", "", self.word.lower())

    @property
    def strong(self) -> bool:
        return self.glued or self.normal not in _WEAK

    @property
    def pin(self) -> bool:
        """A PIN or a one-time code (`PIN`, `OTP`, `verification code`, 验证码)."""
        normal = self.normal
        return normal.startswith(("pin", "otp", "totp")) or "code" in normal or "码" in normal

    @property
    def password(self) -> bool:
        """A password word of any language (`senha: 4821` is a password of digits)."""
        normal, lowered = self.normal, self.word.lower()
        return (
            normal.startswith(_PASSWORDS)
            or any(word in normal for word in _CN_PASSWORDS)
            or any(word in lowered for word in FOREIGN_PASSWORDS)
        )


def decide(label: Label, value: str, found: Shape) -> bool:
    """The decision table of the module docstring."""
    spaced = label.separator in (SPACE, CN_BARE)
    if spaced and value[-1:] in _CLOSING and value.rstrip(_CLOSING).isalpha():
        found = shape(value.rstrip(_CLOSING))
    if found is Shape.NOTHING:
        return False
    if found is Shape.RANDOM:
        return True
    if spaced:
        return _spaced(label, value, found)
    if found is Shape.MIXED:
        return True
    if found is Shape.NUMBER:
        digits = sum(c.isdigit() for c in value)
        if label.password:
            return digits >= MIN_DIGITS
        return label.separator == ASSIGN and digits >= 8
    if label.strong:
        return True
    if label.normal.startswith("token") and _slug(value):
        return False
    return label.separator == ASSIGN and label.normal.startswith(_WORD_VALUED)


_SLUG = re.compile(r"[a-z]+(?:[\-_][a-z]+)+")


def _slug(value: str) -> bool:
    """English words in lower case joined by dashes or underscores (`my-product`, an EFS
    `creation_token`, an idempotency token a template names): a name after a bare `token`,
    which an issuer never draws; a password word's such value is still a password
    (`password: correct-horse-battery`)."""
    return _SLUG.fullmatch(value) is not None and all(
        is_english(part) for part in re.split(r"[\-_]", value)
    )


_CLOSING = "!?"
"""Sentence punctuation closing a value of letters written after its name and a space (the
space column) is the sentence's: the value is judged without it (`echo "Missing
GIT_PRIVATE_KEY variable!"`: a word of the message, not a RANDOM value of three character
classes). Letters with a digit or a symbol keep it (`PW hunter2!`: a password's `!`)."""


def _spaced(label: Label, value: str, found: Shape) -> bool:
    """The space column: MIXED after a strong word, a Chinese word or with 12+ characters;
    digits after a PIN or one-time code word (`PIN 4829`, `OTP 482913`) or a Chinese password
    word (密码123456)."""
    if found is Shape.NUMBER:
        digits = sum(c.isdigit() for c in value)
        chinese = label.separator == CN_BARE and label.password
        return digits >= MIN_DIGITS and (label.pin or chinese)
    long_enough = label.strong or label.separator == CN_BARE or len(value) >= MIN_SPACED_WEAK
    return found is Shape.MIXED and long_enough


def check(match: re.Match[str], start: int, end: int, separator: str) -> bool:
    """Whether the value `match.string[start:end]` after the label of `match` is a secret."""
    value = match.string[start:end]
    word = named_last(match) or match.group("k") or "password"
    if not_a_label(match, word) or not_a_value(match, value, end, separator):
        return False
    if "ref" not in match.groupdict() and _in_reference(match):
        return False  # `${TOKEN:?must be set}`, `${PASSWORD:-$OTHER}`: the reference's syntax
    if match.groupdict().get("vc") is not None:
        return word[0] > "\u2e80" and separator == CN_STATE and CN_STOP.match(value) is None
    found = shape(value)
    if word.lower().startswith(("cookie", "session")):
        return ("=" in value and found > Shape.NOTHING) or found is Shape.RANDOM
    op = match.group("op")
    prose = separator == ASSIGN and op in (":", "：") and _PROSE_GOES_ON.match(match.string, end)
    if found is Shape.WORD and prose:
        return False
    if separator == CN_STATE and word[0] < "\u2e80" and op in (":", "：", "="):
        separator = ASSIGN
    if match.groupdict().get("dash"):
        separator = STATE  # `token - 'x'`, `token | x`: read like "is"
    if match.groupdict().get("comma") and (
        match.groupdict().get("vu") is not None or _KEY_FOLLOWS.match(match.string, end)
    ):
        return False  # unquoted, or a key of the same object (`"DB_PASSWORD", "valueFrom":`)
    separator = _side_by_side(match, value, end, separator)
    if _vague(match, word) and found is not Shape.RANDOM:
        return False
    return decide(Label(word, separator, _glued_password(match)), value, found)


_ACTION = re.compile(
    r"(?<![A-Za-z])(?i:update|change|reset|rotate|expire|generate|require|enforce|remember"
    r"|show|hide|encrypt|hash|validate|verify|check|prompt|ask|allow|disable|use|no|without)"
    r"(?P<j>[_\-.]?)$"
)


def acts_on_a_secret(owner: str, word: str) -> bool:
    """The owner before a credential word is a verb acting on the secret, or a negation (`no`,
    `without`: sudoers' `NOPASSWD:ALL`, `no_password: true`), joined by a mark or a hump or in
    capitals (`update_password`, `rotate-token`, `requirePassword`): a setting, whose word
    value is an option (`on_create`, `always`, `ALL`). Glued in lower case it is a directive
    naming the secret itself (`requirepass` is Redis' password). Not `store`, `save` nor
    `enable`: Android's `storePassword` and Cisco's `enable_password` are the secret."""
    verb = _ACTION.search(owner)
    return verb is not None and bool(verb.group("j") or word[:1].isupper())


def _acts_on_it(match: re.Match[str]) -> bool:
    """`acts_on_a_secret` for a match's owner and word."""
    owner = match.string[_name_start(match) : match.start("k")]
    return acts_on_a_secret(owner, match.group("k"))


def _variable(match: re.Match[str]) -> bool:
    """A variable before a bar or dash (`echo $PASSWORD | docker login`, `${TOKEN} - 1`,
    `"$DB_PASSWORD" | sudo -S`) is piped or computed with, not a label."""
    start = _name_start(match)
    return match.string[start - 1 : start] in ("$", "{", "%")


_NAME_CHAR = re.compile(r"[\w.\-]")
_KEY_FOLLOWS = re.compile(r"[\"'`]?[ \t]*:")
_LINE_END = re.compile(r"[ \t]*(?:\r?\n|$)")


MAX_NAME = 128
"""How far back a name holding a credential word is read: no config name is longer, and a run
of word characters without end (Chinese text, `密码是密码是...`) is not read back to its start
for every credential word in it (that walk made the worst case quadratic)."""


def _name_start(match: re.Match[str]) -> int:
    """Where the name holding the credential word starts (`DB_` of `DB_PASSWORD`), at most
    `MAX_NAME` characters back."""
    text, start = match.string, match.start("k")
    stop = max(0, start - MAX_NAME)
    while start > stop and _NAME_CHAR.match(text, start - 1):
        start -= 1
    return start


def _in_reference(match: re.Match[str]) -> bool:
    """The name is a variable inside `${...}`: what follows it is the reference's syntax (a
    default is `notary.pairs.REFERENCE_DEFAULT`'s to judge)."""
    start = _name_start(match)
    return match.string[max(0, start - 2) : start] == "${"


def config_name(match: re.Match[str]) -> bool:
    """The credential word is part of a config identifier: an owner or qualifier written into
    the name (`DB_PASSWORD`, `admin_password`, `requirepass`, `rootpw`, `dbPassword`), or a
    compound word joined by a mark or a hump (`secret_access_key`, `apiToken`), not the bare
    word (`password`, `pass`), a command-line flag (`-ppassword`, the flag rules'), nor an
    owner joined to `pass` by a mark (`proxy_pass`, `fastcgi_pass`: nginx's upstream
    addresses)."""
    at = match.start("k")
    owner = match.string[_name_start(match) : at]
    joined = re.search(r"[_.\-]|[a-z][A-Z]", match.group("k")) is not None
    if (not owner and not match.groupdict().get("suf") and not joined) or owner.startswith("-"):
        return False
    return not (match.group("k").lower() == "pass" and owner[-1:] in ("_", "-", "."))


def _directive(match: re.Match[str], value: str, end: int) -> bool:
    """A config line's name and its value: the value closes its line and is no address
    (`://`, `/path`, `./build.sh`, `~/x`, `unix:`)."""
    if _LINE_END.match(match.string, end) is None:
        return False
    return "://" not in value and not value.startswith(("/", "./", "../", "~/", "unix:"))


def _side_by_side(match: re.Match[str], value: str, end: int, separator: str) -> str:
    """A name and a value side by side (`define("DB_PASSWORD", "x")`, `ENV DB_PASSWORD x`):
    the space column, but the assignment column when the name is a config identifier (with a
    comma; with a space, when the value closes its line) or the key of `ENV` or `setx`."""
    if match.groupdict().get("comma"):
        return ASSIGN if config_name(match) and _first_argument(match) else SPACE
    if separator != SPACE or not _directive(match, value, end):
        return separator
    return ASSIGN if config_name(match) or _env_instruction(match) else separator


_ENV = re.compile(r"[ \t]*(?:ENV|(?i:setx)|set(?:[ \t]+-[gUxu]{1,3})+)[ \t]+")


def _env_instruction(match: re.Match[str]) -> bool:
    """The name is the key of a command that sets a variable by name and value with a space
    between, Dockerfile's `ENV key value` (its older form, without `=`) and Windows' `setx key
    value`, and fish's `set -x key value`: the space separates a name and its value whatever
    the name (`ENV PASSWORD x`, `ENV ADMIN_PASS x`, `setx PASSWORD x`, `set -gx DB_PASS x`)."""
    start = _name_start(match)
    line = match.string.rfind("\n", 0, start) + 1
    return _ENV.fullmatch(match.string, line, start) is not None


_OPENS_CALL = re.compile(r"[\w$]\([ \t]*[\"'`]$")


def _first_argument(match: re.Match[str]) -> bool:
    """The quoted name opens a call's arguments (`define("DB_PASSWORD", ...`), not an item of a
    list or tuple of strings (`("nsubj", "nsubjpass", "expl")`, `in ("nsubjpass", "auxpass")`)."""
    start = _name_start(match)
    return _OPENS_CALL.search(match.string, max(0, start - 8), start) is not None


_LAST_WORD = re.compile(rf"(?:[_\-.]|(?<=[a-z0-9])(?=[A-Z]))(?P<w>(?i:{WORDS}))$")


def named_last(match: re.Match[str]) -> str | None:
    """A name holds two credential words and the last one says what it is (`AuthLDAPBindPassword`
    is a password, not an `auth`; `api_key_secret` a secret): the word ending the decoration;
    a bare `key` or `auth` last names a key of something (`password_key`) and changes nothing."""
    suffix = match.groupdict().get("suf") or ""
    last = _LAST_WORD.search(suffix) if suffix else None
    if last is None or last.group("w").lower() in ("key", "auth"):
        return None
    return last.group("w")


def _glued_password(match: re.Match[str]) -> bool:
    """The password word is glued to a lower-case owner (`rootpw`, `bindpw`, `requirepass`;
    English words such as `bypass` are no label at all: `glued_english`)."""
    at = match.start("k")
    word = match.group("k").lower()
    return at > 0 and match.string[at - 1].islower() and word.startswith(("pass", "pw"))


def not_a_label(match: re.Match[str], word: str) -> bool:
    """The word names something about a secret (`password_policy`), a public value
    (`public_key`), an XML tag (`<key tag=...>`) or a variable piped (`$PASSWORD | ...`)."""
    text, at = match.string, match.start("k")
    suffix = match.groupdict().get("suf") or ""
    if suffix and (_META_SUFFIX.search(suffix) or about_a_secret(suffix)):
        return True
    if match.groupdict().get("dash") and _variable(match):
        return True
    start = _name_start(match)  # where the name starts, read once (a walk of up to MAX_NAME)
    if _colon_segment(match, start) or _namespace_segment(match, start):
        return True
    if _path_segment(match, start) or _in_template(text, at):
        return True
    return _public(text, at) or text[at - 1 : at] == "<" or not word or glued_english(match)


def _in_template(text: str, at: int) -> bool:
    """The word is inside a template expression opened on its line and not closed before it
    (`{{ .Values.db.password | quote }}`, `${{ secrets.TOKEN }}`): the template's code."""
    line = text.rfind("\n", 0, at) + 1
    opened = text.rfind("{{", line, at)
    return opened >= 0 and text.find("}}", opened, at) < 0


def _colon_segment(match: re.Match[str], start: int) -> bool:
    """The name is a segment of a colon-joined identifier, glued to a colon before it (an
    ARN's `...:secret:prod/db`, `{{resolve:secretsmanager:x:SecretString:password}}`): a
    resource type or a field, not a label. Not after a path (`.npmrc`'s `/:_authToken=`)."""
    text = match.string
    return (
        start > 1
        and text[start - 1] == ":"
        and (text[start - 2].isalnum() or text[start - 2] in "*-_")
        and _SCOPE.search(text, max(0, start - 16), start) is None
    )


_SCOPE = re.compile(r"\$(?i:env|global|script|local|using):$")
"""PowerShell's scoped variable (`$env:DB_PASSWORD = "x"`): the scope names where the variable
lives, the name after it is a label as `$DB_PASSWORD` would be."""


def _namespace_segment(match: re.Match[str], start: int) -> bool:
    """The name is a segment of a namespace path, `::` glued before or after it (a
    CloudFormation type `AWS::EC2::KeyPair::KeyName`, `Fn::GetAtt`, C++'s and Rust's
    `Secret::new`): a type or a member, not a label. BNF's `::=` assigns."""
    text = match.string
    end = match.end("suf" if "suf" in match.re.groupindex else "k")
    return text[max(0, start - 2) : start] == "::" or (
        text.startswith("::", end) and not text.startswith("::=", end)
    )


def _path_segment(match: re.Match[str], start: int) -> bool:
    """The name is a segment of a path or URL, glued to a `/` that follows another segment and
    followed by no `=` or `:` (`https://host/pub/RPM-GPG-KEY-EPEL-6 dest=...`,
    `/etc/ssl/private_key x`): a file's name, not a label. A `/` after a space starts a
    Windows flag (`/password x`)."""
    text = match.string
    end = match.end("suf" if "suf" in match.re.groupindex else "k")
    after = text[end : end + 1]
    before = text[max(0, start - 2) : start]
    return len(before) == 2 and before[1] == "/" and not before[0].isspace() and after not in "=:"


_GLUED_HEAD = re.compile(r"[a-z0-9]{1,32}$")


def glued_english(match: re.Match[str]) -> bool:
    """The credential word ends a lower-case word that English has (`bypass`, `compass`,
    `trespass`, `turnkey`): no label. Not English (`userpass`, `dbpassword`, `tlspassword`):
    an owner glued to the word."""
    text, at = match.string, match.start("k")
    head = _GLUED_HEAD.search(text, max(0, at - 32), at)
    if head is None or not text[at - 1].islower():
        return False
    return (head.group() + match.group("k")).lower() in english_words()


def check_element(match: re.Match[str], start: int, end: int) -> bool:
    """An XML element named by a credential word (`<pwd>x</pwd>`, `<dbPassword>x</dbPassword>`)
    is an assignment whose name is the tag: the decision table's assignment column. A public
    tag (`<publicKey>`), an English word (`<compass>`), code (`<password>password</password>`)
    or a bare `key` inside a longer name (`<sortKey>`, only a RANDOM value) holds none."""
    value = match.string[start:end]
    word = named_last(match) or match.group("k")
    found = shape(value)
    if _public(match.string, match.start("k")) or glued_english(match):
        return False
    if _META_SUFFIX.search(match.groupdict().get("suf") or ""):
        return False  # `<password_policy>`, `<token_ttl>`: about the secret
    if code_like(value, None, word.lower()) or names_its_slot(value, word):
        return False
    if word.lower() in ("key", "auth") and match.group("tag") != match.group("k"):
        return found is Shape.RANDOM
    return decide(Label(word, ASSIGN), value, found)


def not_a_value(match: re.Match[str], value: str, end: int, separator: str) -> bool:
    """A key block (the key-block family's), an elided value (`ops_eyJz...`), a number with a
    unit, source code, an expression (`pIdxKey->default_rc==0`), `pwd`'s path, the start of a
    structure (`_opens_structure`), or after a space alone, a further assignment
    (`key tag="x"`, `_ATTRIBUTE`)."""
    text = match.string
    op = (match.group("op") or "").strip() or None
    word = (match.group("k") or "").lower()
    if "-----BEGIN" in value or "-----END" in value:
        return True
    if text.startswith(("...", "…"), end) and not Label(word, separator).password:
        return True
    if unit_follows(match, end) or code_like(value, op, word):
        return True
    if names_its_slot(value, match.string[_name_start(match) : match.end("k")]):
        return True
    if _CODE_OPERATOR.search(value) and (separator == SPACE or op in ("->", "==", "!=", "===")):
        return True
    if separator == SPACE and _ATTRIBUTE.match(value):
        return True
    if _opens_structure(match, value) or (_acts_on_it(match) and shape(value) is Shape.WORD):
        return True  # ... or `update_password: on_create`: a setting's option
    if word == "pass" and _ADDRESS.match(value):
        return True  # nginx's `proxy_pass http://up;`, `fastcgi_pass unix:/run/php.sock;`
    return word == "pwd" and value.startswith(("/", "~/", "./", "../"))


_SLOT_WORD = re.compile(rf"(?i:{WORDS})")


def names_its_slot(value: str, name: str) -> bool:
    """The value is the credential word its own name ends with, in any case or joining
    (`token: Token`, `Password: PASSWORD`, `api_key: ApiKey`, `auth_token: token`,
    `mysql -ppassword`), or any word of its name written in capitals (`aws_secret_key:
    SECRET`, `aws_access_key: ACCESS`): a template's slot or a heading, not a secret; a
    different word is judged (`password: secret`, `token: Tr0ub4dor`)."""
    bare = value.strip("\"'` ")
    if len(bare) >= 3 and _letters(bare) == _letters(name):
        return True  # its own name: `adminPassword: adminPassword`
    if bare.isalpha() and bare.isupper() and bare.lower() in _parts(name):
        return True  # a word of its name in capitals: `aws_access_key: ACCESS`, a heading
    if _SLOT_WORD.fullmatch(bare) is None:
        return False
    letters = re.sub(r"[^a-z]", "", bare.lower())
    return bool(letters) and re.sub(r"[^a-z]", "", name.lower()).endswith(letters)


def _parts(name: str) -> set[str]:
    """The words of a name, split at marks and humps, in lower case."""
    return {p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def _letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


_ADDRESS = re.compile(r"(?:unix:|[A-Za-z][\w+.\-]*://|/|\$\w+$|[\w.\-]+:\d{2,5}$)")
"""An address a bare `pass` hands a request to: a URL, a socket or file path, a variable, a
host and port."""


_CLOSER = {"{": "}", "(": ")", "[": "]"}
_OPENING = re.compile(r"(?:[A-Za-z_][\w.]{0,64}(?=[(\[][\"'A-Za-z_{\[]))?([{(\[])")


def _opens_structure(match: re.Match[str], value: str) -> bool:
    """An unquoted value that opens a bracket it does not close, alone or after a name before a
    quote or a name (`{"name": ...}`, `("admin", "...")`, `{name: db}`, `HTTPBasicAuth("admin",
    ...)`, Bicep's `listKeys(storage.id, '2021-09-01')`, Terraform's `jsonencode({`), is the
    start of a structure or a call, not a value: its fields are judged by their own names, a
    pair by `notary.siblings`. `{Xy7!k2}` and `abc(12` are judged."""
    opening = _OPENING.match(value)
    if opening is None or match.groupdict().get("vu") is None:
        return False
    return _CLOSER[opening.group(1)] not in value[opening.end() :]


_ATTRIBUTE = re.compile(r"[A-Za-z_][\w\-.:]*=(?:[\"'\d$]|[A-Za-z_][\w\-.]*$)")
"""After a space alone, a further assignment (`key tag="x"`, `key size=2048`, `token type=jwt`,
a shell's `id=npm_token NPM_TOKEN=$(cat ...)`) is no value; a drawn value that holds `=`
(`zBXC=OArr@Sfi5`, base64 padding) is judged."""


_OWNER_GLUED = re.compile(r"[A-Za-z0-9][_\-.]?$")


def _vague(match: re.Match[str], word: str) -> bool:
    """A bare `key` (or `auth`) that is part of a longer code name (`schemaKey`, `sort_key`,
    `KeyPair`, `keyPressed`) names a key of something else: only a RANDOM value is a secret."""
    if word.lower() not in ("key", "auth"):
        return False
    at = match.start("k")
    glued = _OWNER_GLUED.search(match.string, max(0, at - 2), at)
    return bool(match.groupdict().get("suf")) or glued is not None


def _public(text: str, start: int) -> bool:
    return _PUBLIC.search(text, max(0, start - PUBLIC_WINDOW), start) is not None


def checker(separator: str) -> Callable[[re.Match[str], int, int], bool]:
    """`check` for one separator class, as a rule's check."""

    def run(match: re.Match[str], start: int, end: int) -> bool:
        return check(match, start, end, separator)

    return run
