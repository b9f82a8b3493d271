"""The notary's named-secret grammar and structural families, tested by class.

Every secret here is drawn at test time from a seeded generator, so the repository holds no
string that looks like a live credential; each test names the class of input it covers and
runs it over every member of the class the grammar promises (spellings, separators, schemes,
tools), not over one example.
"""

from __future__ import annotations

import itertools
import random
import string

import pytest

from extractors.notary.core import notarize
from extractors.notary.grammar import ASSIGN, SPACE, STATE, Label, decide
from extractors.notary.shapes import Shape, shape

_RNG = random.Random(30)
_SYMBOLS = "!#%&*+-_~"


def _password(size: int = 12) -> str:
    """Upper, lower, digit and symbol: RANDOM by shape."""
    body = [_RNG.choice(string.ascii_letters + string.digits) for _ in range(size - 4)]
    body += [_RNG.choice("ABCDEFGHJK"), _RNG.choice("mnpqrstuvw"), _RNG.choice("23456789")]
    body.append(_RNG.choice(_SYMBOLS))
    _RNG.shuffle(body)
    return "".join(body).lstrip("-")


def _token(size: int = 32) -> str:
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(size))


def _hidden(text: str, secret: str) -> bool:
    masked = notarize(text).text
    return secret not in masked and "REDACTED" in masked


# --- the issue's table ---------------------------------------------------------------------

ISSUE_TABLE = (
    pytest.param("PW: {p}", id="short-word-colon"),
    pytest.param("pass: {p}", id="weak-word-colon"),
    pytest.param("login admin PW:{p}", id="owner-before-word"),
    pytest.param("mysql -u root -p{p}", id="command-line-glued-flag"),
    pytest.param("ALTER USER app IDENTIFIED BY {w};", id="sql-unquoted"),
    pytest.param("PSWD:={w}", id="walrus-separator"),
)
"""The issue's table, one form per class; each class is covered in full further down."""


@pytest.mark.parametrize("form", ISSUE_TABLE)
def test_issue_table_every_form_masked(form: str) -> None:
    secret = _password()
    word = "".join(c for c in secret if c.isalnum()) + "7Xy"
    text = form.format(p=secret, w=word)
    value = secret if "{p}" in form else word
    assert _hidden(text, value), notarize(text).text


# --- credential words x separators ---------------------------------------------------------

SPELLINGS = (
    "password",
    "Password",
    "PASSWORD",
    "passwd",
    "passwrd",
    "pword",
    "pswd",
    "pwd",
    "pw",
    "PW",
    "pass",
    "passphrase",
    "passcode",
    "pin",
    "secret",
    "client_secret",
    "clientSecret",
    "token",
    "access_token",
    "accessToken",
    "auth_token",
    "api key",
    "api_key",
    "apiKey",
    "API-KEY",
    "apikey",
    "access key",
    "secret_key",
    "private_key",
    "credential",
    "credentials",
    "creds",
    "auth",
    "authorization",
    "db_password",
    "DB_PASSWORD",
    "myPassword",
    "password_prod",
    "mysql password",
    "wifi password",
    "passkey",
    "auth code",
    "verification code",
    "recovery_code",
    "OTP",
)
SEPARATORS = (
    "{w}={v}",
    "{w} = {v}",
    "{w}: {v}",
    "{w}:{v}",
    "{w}：{v}",
    "{w} := {v}",
    "{w} => {v}",
    "{w} -> {v}",
    '"{w}": "{v}"',
    "'{w}' = '{v}'",
    '{w}="{v}"',
    "[{w}] = {v}",
    "({w}: {v})",
    "{w} is {v}",
    "{w} was {v}",
    "the {w} is now {v}",
    "{w} changed to {v}",
    "{w} - '{v}'",
    "{w} | {v}",
    "{w} |{v}",
    "{w} {v}",
)


@pytest.mark.parametrize(("word", "separator"), list(itertools.product(SPELLINGS, SEPARATORS)))
def test_every_spelling_with_every_separator_masks_a_random_value(
    word: str, separator: str
) -> None:
    secret = _password(14)
    text = separator.format(w=word, v=secret)
    assert _hidden(text, secret), (text, notarize(text).text)


@pytest.mark.parametrize(
    "form",
    [
        "密码是{v}",
        "密码：{v}",
        "密码:{v}",
        "密码为{v}",
        "口令是{v}",
        "密钥是{v}",
        "秘钥是{v}",
        "令牌是{v}",
        "私钥是{v}",
        "通行码是{v}",
        "授权码是{v}",
        "数据库密码是{v}",
        "我把密码改成了{v}",
        "密码设置为{v}",
        "密码换成{v}",
        "我的api密钥是{v}",
        "账号：admin 密码：{v}",
        "密码 {v}",
        "密码{v}",
        "验证码是{v}",
    ],
)
def test_chinese_credential_words_with_every_separator(form: str) -> None:
    secret = _password(12)
    text = form.format(v=secret)
    assert _hidden(text, secret), (text, notarize(text).text)


@pytest.mark.parametrize(
    "form",
    [
        'func getApiToken() string { return "{v}" }',
        "def get_password(self):\n    return '{v}'",
        'String secretKey() {{ return "{v}"; }}',
    ],
)
def test_a_literal_returned_by_a_function_named_for_a_secret(form: str) -> None:
    secret = _password(16)
    text = form.replace("{{", "{").replace("}}", "}").replace("{v}", secret)
    assert _hidden(text, secret), notarize(text).text


@pytest.mark.parametrize(
    "form",
    ["my PIN is {n}", "verification code: {n}", "OTP {n}", "验证码是{n}", "the 2fa code is {n}"],
)
def test_a_pin_or_one_time_code_of_digits_is_masked(form: str) -> None:
    digits = "".join(_RNG.choice("0123456789") for _ in range(6))
    text = form.format(n=digits)
    assert _hidden(text, digits), notarize(text).text


# --- ordinary language -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "the mountain pass was closed",
        "my key point is that we ship on Friday",
        "it was a token gesture",
        "密码学讲座在周三",
        "The secret to good coffee is patience.",
        "I'll pass the salt",
        "a pass of 3 out of 5",
        "the key is under the mat",
        "Tokens: 1,024 prompt",
        "password reset link expired",
        "your password is too short",
        "password: must be at least 8 characters",
        "the token limit is 4096",
        "key: value pairs are stored as text",
        "sort_key = created_at",
        "KeyPair = X25519.KeyPair",
        "schemaKey = 'DOC_Vector_5_32'",
        '<key tag="SecurityIdentifier" name="SecurityIdentifier" />',
        "|| pIdxKey->default_rc==0",
        "密码是什么？",
        "密码为空",
        "密码要求至少12位",
        "pass Python3.11 to the script",
        "PIN码是6位数字",
        "scan the QR code to pay",
        "the error code is 404",
        "zip code 94110",
        "验证码发到你手机了",
    ],
)
def test_ordinary_language_with_credential_words_is_untouched(text: str) -> None:
    result = notarize(text)
    assert result.text == text and result.masked == 0, result.text


@pytest.mark.parametrize(
    "text",
    [
        "password=${DB_PASSWORD}",
        "token: <your-token>",
        "api_key = os.environ['API_KEY']",
        "password = password",
        "PW: ********",
        "secret: {{ vault_secret }}",
        "export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJzaWduSW5B...",
        "password=changeme",
        "token = YOUR_TOKEN_HERE",
    ],
)
def test_placeholders_references_and_elided_values_are_not_secrets(text: str) -> None:
    assert notarize(text).masked == 0, notarize(text).text


# --- the decision table ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("***", Shape.NOTHING),
        ("required", Shape.NOTHING),
        ("12345678", Shape.NUMBER),
        ("monkey", Shape.WORD),
        ("user_id", Shape.WORD),
        ("/home/me", Shape.WORD),
        ("v1.2.3", Shape.WORD),
        ("bob@example.com", Shape.WORD),
        ("hunter2", Shape.MIXED),
        ("Tr0ub4dor&3x", Shape.RANDOM),
        ("ZHVtbXkgdGV4dCBkYXRh", Shape.WORD),  # base64 of "dummy text data"
    ],
)
def test_value_shapes(value: str, expected: Shape) -> None:
    assert shape(value) is expected


def test_decision_table() -> None:
    strong, weak = "password", "token"
    table = {
        (Shape.RANDOM, weak, SPACE): True,
        (Shape.MIXED, strong, SPACE): True,
        (Shape.MIXED, weak, SPACE): False,
        (Shape.WORD, strong, ASSIGN): True,
        (Shape.WORD, strong, STATE): True,
        (Shape.WORD, weak, STATE): False,
        (Shape.WORD, "key", ASSIGN): False,
        (Shape.WORD, "token", ASSIGN): True,
        (Shape.NUMBER, "pin", STATE): True,
        (Shape.NUMBER, "token", STATE): False,
        (Shape.NOTHING, strong, ASSIGN): False,
    }
    values = {Shape.RANDOM: "x", Shape.MIXED: "abc123", Shape.WORD: "w", Shape.NUMBER: "1234"}
    for (found, word, separator), expected in table.items():
        got = decide(Label(word, separator), values.get(found, ""), found)
        assert got is expected, (found, word, separator)


# --- structural families ---------------------------------------------------------------------

SCHEMES = (
    "postgres",
    "postgresql",
    "mysql",
    "mongodb",
    "mongodb+srv",
    "redis",
    "rediss",
    "amqp",
    "amqps",
    "mssql",
    "jdbc:mysql",
    "jdbc:postgresql",
    "smb",
    "ftp",
    "sftp",
    "http",
    "https",
    "ldap",
)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_url_user_info_of_every_scheme(scheme: str) -> None:
    secret = _password(12).replace("@", "#")
    text = f"connect to {scheme}://appuser:{secret}@db.internal:5432/app"
    assert _hidden(text, secret), notarize(text).text
    assert "appuser" in notarize(text).text and "db.internal" in notarize(text).text


@pytest.mark.parametrize(
    "form",
    [
        "https://{t}@github.com/org/repo.git",
        "https://{t}:x-oauth-basic@github.com/org/repo.git",
        "jdbc:oracle:thin:scott/{p}@db:1521/orcl",
        "sqlplus scott/{p}@orcl",
    ],
)
def test_tokens_and_passwords_in_other_url_forms(form: str) -> None:
    token, password = _token(40), _password(12).replace("@", "#").replace("/", "%")
    text = form.format(t=token, p=password)
    assert _hidden(text, token if "{t}" in form else password), notarize(text).text


@pytest.mark.parametrize(
    "template",
    [
        "Server=db;User Id=sa;Password={v};Encrypt=True",
        "Server=db;Uid=sa;Pwd={v};",
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={v};EndpointSuffix=x",
        "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey={v}",
        "https://acct.blob.core.windows.net/c?sv=2022&sig={v}",
    ],
)
def test_key_value_connection_strings(template: str) -> None:
    secret = _token(44)
    text = template.format(v=secret)
    assert _hidden(text, secret), notarize(text).text


@pytest.mark.parametrize(
    "template",
    [
        "mysql -u root -p{p} shop",
        "mysqldump --password={p} shop",
        "mysqldump --password {p} shop",
        "deploy --db-password {p}",
        "tool --registry-token {p}",
        "java -jar x.jar -password {p}",
        "keytool -list -storepass {p}",
        "openssl rsa -passin pass:{p} -in key.pem",
        "msbuild /p:Password={p}",
        "sqlcmd -S db -U sa -P {p}",
        "sshpass -p {p} ssh host",
        "zip -P {p} out.zip file",
        "docker login -u bob -p {p} registry.io",
        "redis-cli -h cache -a {p} ping",
        "curl -u bob:{p} https://api.example.com",
        "smbclient //host/share -U bob%{p}",
        "Connect-Thing -Password {p}",
        "$s = ConvertTo-SecureString '{p}' -AsPlainText -Force",
    ],
)
def test_command_lines(template: str) -> None:
    secret = _password(12).replace("%", "#")
    text = template.format(p=secret)
    assert _hidden(text, secret), notarize(text).text


@pytest.mark.parametrize(
    "template",
    [
        "ALTER USER app IDENTIFIED BY {v};",
        "ALTER USER app IDENTIFIED BY '{v}';",
        "CREATE USER app IDENTIFIED WITH mysql_native_password BY '{v}';",
        "CREATE ROLE app WITH LOGIN PASSWORD '{v}';",
        "ALTER ROLE app PASSWORD {v};",
        "CREATE LOGIN app WITH PASSWORD = '{v}';",
        "SET PASSWORD FOR app = PASSWORD('{v}');",
    ],
)
def test_sql_with_and_without_quotes(template: str) -> None:
    secret = "".join(c for c in _password(14) if c.isalnum())
    text = template.format(v=secret)
    assert _hidden(text, secret), notarize(text).text


@pytest.mark.parametrize(
    "template",
    [
        "machine api.example.com login bob password {v}",
        "machine api.example.com\n  login bob\n  password {v}",
        "//registry.npmjs.org/:_authToken={v}",
        "_auth={v}",
        "[pypi]\nusername = __token__\npassword = {v}",
        "<server><id>x</id><username>bob</username><password>{v}</password></server>",
        "<privateKey>{v}</privateKey>",
        "signing.password={v}",
        "ossrhPassword={v}",
        "systemProp.https.proxyPassword={v}",
        '{{"auths": {{"registry.io": {{"auth": "{v}"}}}}}}',
    ],
)
def test_config_files(template: str) -> None:
    secret = _token(28)
    text = template.format(v=secret)
    assert _hidden(text, secret), notarize(text).text


def _hex(size: int) -> str:
    return "".join(_RNG.choice("0123456789abcdef") for _ in range(size))


def _crypt(size: int) -> str:
    return "".join(_RNG.choice(string.ascii_letters + string.digits + "./") for _ in range(size))


@pytest.mark.parametrize(
    "make",
    [
        lambda: f"$2b$12${_crypt(53)}",
        lambda: f"$1${_crypt(8)}${_crypt(22)}",
        lambda: f"$apr1${_crypt(8)}${_crypt(22)}",
        lambda: f"$5$rounds=5000${_crypt(16)}${_crypt(43)}",
        lambda: f"$6${_crypt(16)}${_crypt(86)}",
        lambda: f"$y$j9T${_crypt(22)}${_crypt(43)}",
        lambda: f"$argon2id$v=19$m=65536,t=3,p=4${_crypt(22)}${_crypt(43)}",
        lambda: f"$krb5asrep$23$bob@CORP.LOCAL:{_hex(32)}${_hex(200)}",
        lambda: f"$krb5tgs$23$*svc$CORP.LOCAL$http/web*${_hex(32)}${_hex(200)}",
        lambda: f"bob::CORP:{_hex(16)}:{_hex(32)}:{_hex(120)}",
        lambda: f"{_hex(32)}:{_hex(32)}",
        lambda: f"bob:1001:{_hex(32)}:{_hex(32)}:::",
        lambda: f"{{SSHA}}{_token(32)}==",
        lambda: f"pbkdf2_sha256$260000${_token(22)}${_token(44)}=",
    ],
)
def test_password_hashes(make: object) -> None:
    value = make()  # type: ignore[operator]
    text = f"found in the dump: {value} ok"
    masked = notarize(text).text
    assert "password_hash" in masked or "REDACTED" in masked, masked
    body = max(value.replace(":", "$").split("$"), key=len)
    assert body not in masked, masked


@pytest.mark.parametrize(
    "template",
    [
        "https://hooks.example.com/services/T{a}/B{b}/{t}",
        "https://discord.com/api/webhooks/123456789012345678/{t}",
        "https://acme.webhook.office.com/webhookb2/{t}@{a}/IncomingWebhook/{b}/{a}",
        "https://maker.ifttt.com/trigger/door/with/key/{t}",
        "https://ci.example.org/generic-webhook-trigger/invoke?token={t}",
        "https://hooks.zapier.com/hooks/catch/123456/{t}/",
    ],
)
def test_webhook_urls_with_tokens(template: str) -> None:
    token = _token(32)
    text = "post it to " + template.format(a=_token(9).upper(), b=_token(9).upper(), t=token)
    masked = notarize(text).text
    assert token not in masked, masked
    assert "https://" in masked


def _key_lines(count: int) -> list[str]:
    alphabet = string.ascii_letters + string.digits + "+/"
    return ["".join(_RNG.choice(alphabet) for _ in range(64)) for _ in range(count)]


def test_private_key_block_every_line_masked_also_split_over_turns() -> None:
    lines = _key_lines(9)
    turns = [
        "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines[:3]),
        "\n".join(lines[3:6]),
        "\n".join(lines[6:]) + "\n-----END RSA PRIVATE KEY-----",
    ]
    for turn in turns:
        masked = notarize(turn).text
        assert not [line for line in lines if line in masked], masked


def test_private_key_without_its_begin_line() -> None:
    lines = _key_lines(5)
    text = "here is the rest:\n" + "\n".join(lines) + "\n-----END OPENSSH PRIVATE KEY-----"
    masked = notarize(text).text
    assert not [line for line in lines if line in masked] and "-----END" in masked


def test_public_key_and_certificate_bodies_are_kept() -> None:
    lines = _key_lines(4)
    for kind in ("PUBLIC KEY", "CERTIFICATE"):
        text = f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"
        assert notarize(text).text == text


# --- tokens are masked whole -----------------------------------------------------------------


def test_a_format_finding_is_widened_to_its_whole_token() -> None:
    head, tail = _token(10), _token(12)
    jwt = "eyJhbGciOiJIUzI1NiJ9." + _token(30) + "." + _token(20)
    text = f"ghs_{head}_{jwt}{tail} done"
    masked = notarize(text).text
    assert head not in masked and tail not in masked and masked.endswith(" done")
