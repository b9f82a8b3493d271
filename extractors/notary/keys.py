"""Field names that name a secret, for `notarize_json`'s field-level masking."""

from __future__ import annotations

import re

from extractors.notary.values import slug


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_LAST_WORDS = _words(
    "password passwd passphrase passcode pwd pass pw secret secrets token authorization auth "
    "cookie cookies credential credentials pin apikey sessionid otp "
    "mdp clave senha kennwort contraseña contrasena contrasenya wachtwoord heslo lozinka geslo "
    "parool salasana hasło haslo"
)
"""A key whose last word is one of these names a secret (`db_password`, `X-Auth-Token`)."""
_LAST_TWO = _words(
    "apikey accesskey privatekey secretkey accountkey signingkey encryptionkey masterkey "
    "clientsecret setcookie sessionid sessiontoken pincode authkey sharedkey"
)
"""... or whose last two words make one of these (`api_key`, `aws_secret_access_key`)."""
_ENDINGS = ("password", "passwd", "secret", "token", "apikey", "privatekey", "accesskey")
_CN_KEY = re.compile(r"密码|口令|密钥|秘钥|令牌|私钥|凭证|凭据")
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


FOREIGN_PASSWORDS = (
    *("kennwort", "contrase", "senha", "wachtwoord", "senord", "salasana", "hasło", "haslo"),
    *("adgangskode", "пароль", "パスワード", "비밀번호", "khẩu", "khau", "ifre"),
    *("mdp", "clave", "heslo", "jelsz", "lozinka", "geslo", "parool", "slapta", "pasahitza"),
    *("sandi", "laluan"),
)
"""The password words of other languages (`grammar.FOREIGN_WORDS`, by a part each spelling
holds: `contraseña` and `contrasena`, `lösenord` and `losenord`): a password's kind."""


_KINDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("pass", "pwd", "pw", "密码", "口令", "通行码", *FOREIGN_PASSWORDS), "password"),
    (("code", "otp", "验证码", "动态码"), "one-time code"),
    (("cookie",), "cookie"),
    (("session",), "session token"),
    (("cred", "凭证", "凭据"), "credential"),
    (("api",), "API key"),
    (("private", "私钥"), "private key"),
    (("token", "令牌", "授权码"), "token"),
    (("access",), "access key"),
    (("密钥", "秘钥"), "secret key"),
    (("secret",), "secret"),
    (("auth",), "authorization"),
    (("pin",), "PIN"),
)


def kind_of(keyword: str) -> str:
    """What a label keyword names: "password", "API key", "token", ... (never the value)."""
    lowered = keyword.lower()
    for needles, kind in _KINDS:
        if any(needle in lowered for needle in needles):
            return kind
    return "key"


def key_kind(key: str) -> str:
    """The placeholder type of a secret-named field: `db_password` -> `password`."""
    return slug(kind_of(key))


def is_secret_key(key: str) -> bool:
    """Whether a field name names a secret: `password`, `DB_PASSWORD`, `apiKey`, `x-api-key`,
    `aws_secret_access_key`, `Authorization`, `Set-Cookie`, 数据库密码 ... but not
    `max_tokens`, `token_count`, `password_policy` or `bypass`."""
    if _CN_KEY.search(key):
        return True
    words = [w.lower() for w in _WORDS.findall(key)]
    if not words:
        return False
    if words[-1] in _LAST_WORDS or "".join(words[-2:]) in _LAST_TWO:
        return True
    return any(words[-1].endswith(ending) for ending in _ENDINGS)
