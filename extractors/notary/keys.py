"""Field names that name a secret, for `notarize_json`'s field-level masking."""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_LAST_WORDS = _words(
    "password passwd passphrase passcode pwd pass pw secret secrets token authorization auth "
    "cookie cookies credential credentials pin apikey sessionid otp"
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
