"""Structural families of credentials: one rule each, whatever the vendor.

* **private key blocks** (`KEY_BLOCKS`): the body between BEGIN and END lines (without an END
  line, everything after BEGIN); without a BEGIN line, the base64 lines above an END line; and
  two or more full-width random base64 lines alone, so a key pasted over several turns is
  masked in every turn; never a public key, certificate or signature body; PuTTY key files;
* **URL user-info** for every scheme (`postgres://u:pw@`, `mongodb+srv://`, `redis://:pw@`,
  `jdbc:mysql://`, `amqp`, `mssql`, `smb`, `ftp`, `http(s)`), also when the user is an e-mail
  address written with its `@` (`smtp://bob@acme.io:pw@mail.acme.io`), and Oracle's
  `user/pw@host`; Go's data source names `user:pw@tcp(host:3306)/db` (also `unix(`, `udp(`);
  user-info without a scheme before a host and port (`app:pw@db.internal:5432`, as
  connection settings and `pgbouncer`/`psql` notes write it);
  an e-mail address, a colon and a password (`bob@acme.io:pw`, a combo line:
  MIXED or RANDOM, never a port or a path: `git@github.com:org/repo`);
* **signatures in a URL or connection string** (`sig=`, `X-Amz-Signature=`, `signature=`);
* **headers**: `Authorization: <scheme> <value>`, `Cookie: a=b`, `Bearer <token>`;
* **XML elements** named for a secret (`<password>`, Maven's `<privateKey>`, `<passphrase>`);
* **SQL** that sets a password, quoted or not (`IDENTIFIED BY x`, `PASSWORD 'x'`,
  `WITH PASSWORD = 'x'`, `SET PASSWORD = PASSWORD('x')`);
* **command lines**: long flags named for a secret, also with a qualifier (`--password[=]x`,
  `--db-password x`, `--registry-token x`, `-password x`,
  `-Password x`, `/p:x`, `/password:x`, `-storepass x`, `-passin pass:x`, `--token x`),
  `curl -u user:pw` and `-b`, a glued short password flag, quoted or not (`-pTr0ub4dor`,
  `-p'x'`: mysql's, 7-Zip's), the spaced short password flags of the tools that define one
  (`sshpass -p`, `zip -P`, `sqlcmd -P`, `docker login -p`, `redis-cli -a`, `mongo -p`,
  `rabbitmqadmin -p`, `ldapsearch -w`, `smbclient -U user%pw`), PowerShell's
  `ConvertTo-SecureString 'x'`; a password piped to a command that reads one
  (`echo x | passwd --stdin`, `| sudo -S`, `| docker login --password-stdin`,
  `echo user:x | chpasswd`, `chpasswd <<< "user:x"`);
* **config files**: `.netrc` (`machine h login u password x`); `.pgpass`
  (`host:port:database:user:password`, a port or `*` second); `.npmrc`, `.pypirc`, Maven and
  Gradle properties and Docker's `auths` are named-secret grammar (`_authToken=`,
  `password:`, `signing.password=`, `"auth": "..."`);
* **password hashes**: crypt formats (bcrypt `$2b$`, md5crypt `$1$`, `$apr1$`, sha256/512crypt
  `$5$`/`$6$`, yescrypt `$y$`, scrypt, argon2), Kerberos AS-REP and TGS hashes, NetNTLM
  responses, LM:NT pairs and pwdump lines, LDAP `{SSHA}`, Django `pbkdf2_sha256$...`;
* **webhook URLs** that carry a token in their path (`hooks.<host>/<service>/...`,
  `/hooks/...`, `/webhooks/<id>/<token>`,
  `/webhookb2/...`, IFTTT's `/with/key/<key>`): the token segments are masked, the host kept.
"""

from __future__ import annotations

import re

from extractors.notary.commands import (
    COMMAND_LINES,
    CONFIG_FILES,
    HASHES,
    HERE_STRINGS,
    POSITIONAL_ARGUMENTS,
    TOOL_FLAGS,
)
from extractors.notary.grammar import WORDS, check_element
from extractors.notary.randomness import looks_random
from extractors.notary.rule import Rule, check_shaped, check_value
from extractors.notary.shapes import Shape, shape
from extractors.notary.values import QUOTED, code_like, in_public_block, is_placeholder

MIN_KEY_BODY = 44
"""The body of the smallest private key in use (32 bytes, Ed25519) is 44 base64 characters."""
_BODY_LINE = re.compile(r"[ \t]*[A-Za-z0-9+/=]{4,}[ \t]*\r?")


def _check_key_body(match: re.Match[str], start: int, end: int) -> bool:
    """At least `MIN_KEY_BODY` characters of key material (a block around "..." is a stand-in)."""
    body = "".join(match.string[start:end].split())
    return len(body) >= MIN_KEY_BODY and not is_placeholder(body)


def _check_key_lines(match: re.Match[str], start: int, end: int) -> bool:
    """Full-width base64 lines whose characters look random, outside a public block."""
    body = "".join(match.string[start:end].split())
    return not in_public_block(match.string, start) and looks_random(body[:4096])


def _body_before_end(match: re.Match[str]) -> tuple[int, int] | None:
    """The base64 lines right above an END line, read backwards line by line (linear)."""
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


KEY_BLOCKS: tuple[Rule, ...] = (
    Rule(
        "private key block",
        re.compile(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
            r"(?P<vq>[\s\S]*?)(?=-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
        0,
        _check_key_body,
        kind="private_key",
        needles=("-----",),
    ),
    Rule(
        "private key block",
        re.compile(r"(?m)^[ \t]*(?:\\n)?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"),
        0,
        _check_key_body,
        kind="private_key",
        span=_body_before_end,
        needles=("-----",),
    ),
    Rule(
        "private key material",
        re.compile(r"(?m)(?P<vq>(?:^[ \t]*[A-Za-z0-9+/]{60,80}={0,2}[ \t]*(?:\r?\n|\Z)){2,})"),
        0,
        _check_key_lines,
        kind="private_key",
        needles=("\n",),
    ),
    Rule(
        "PuTTY private key",
        re.compile(r"Private-Lines:[ \t]*\d+[ \t]*\r?\n(?P<vq>(?:[A-Za-z0-9+/=]+(?:\r?\n|$))+)"),
        0,
        needles=("private-lines",),
    ),
)

_WEB_PORT = re.compile(r"\d{1,5}(?:[/?#]|$)")


def _check_url(match: re.Match[str], start: int, end: int) -> bool:
    """`postgres://app:pw@db`; but in `https://host:8443/invite?to=bob@x.com` the digits are
    a port and the `@` belongs to the path or query (web schemes only). A template's password
    (`user:password@`) is the precision layer's (`precision.userinfo_stand_in`)."""
    value = match.string[start:end]
    web = match.group("scheme").lower() in ("http", "https", "ws", "wss")
    return not is_placeholder(value) and not (web and _WEB_PORT.match(value))


MIN_USER_TOKEN = 20


def _check_user_token(match: re.Match[str], start: int, end: int) -> bool:
    """A token written as the user of a URL (`https://<token>@github.com`,
    `https://<token>:x-oauth-basic@github.com`): RANDOM, or MIXED of `MIN_USER_TOKEN` or more
    characters (`notary.shapes`); a user name is a word or identifier."""
    found = shape(match.string[start:end])
    return found is Shape.RANDOM or (found is Shape.MIXED and end - start >= MIN_USER_TOKEN)


def _check_header(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    return not is_placeholder(value) and not code_like(value, None, "authorization")


def _check_tokenish(match: re.Match[str], start: int, end: int) -> bool:
    value = match.string[start:end]
    return len(value) >= 16 and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


URLS: tuple[Rule, ...] = (
    Rule(
        "credentials in URL",
        re.compile(
            r"\b(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]{1,30})://(?P<user>[^\s:/@?#\[\]]{0,256}"
            r"(?:@[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,8})?):(?P<vq>\S{1,256})@(?=[\w.\-\[])"
        ),
        1,
        _check_url,
        kind="password",
        needles=("://",),
    ),
    Rule(
        "credentials after an e-mail address",
        re.compile(
            r"(?<![\w.+\-@:/])[\w.+\-]{1,64}@[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,8}:"
            r"(?P<vu>[^\s:@/'\"]{6,128})(?![^\s'\",;)])"
        ),
        2,
        check_shaped,
        kind="password",
        needles=("@",),
    ),
    Rule(
        "credentials in a DSN",
        re.compile(r"(?<![\w.\-@:/])[\w.\-]{1,64}:(?P<vu>[^\s:@/'\"]{1,128})@(?:tcp6?|udp|unix)\("),
        1,
        check_value,
        kind="password",
        needles=("@tcp(", "@tcp6(", "@udp(", "@unix("),
    ),
    Rule(
        "credentials before a host and port",
        re.compile(
            r"(?<![\w.\-@:/])[A-Za-z_][\w.\-]{0,63}:(?P<vu>[^\s:@/'\"]{1,128})"
            r"@[A-Za-z0-9][\w\-]{0,62}(?:\.[\w\-]{1,63}){0,8}:\d{2,5}(?![\w.])"
        ),
        1,
        check_value,
        kind="password",
        needles=("@",),
    ),
    Rule(
        "token in URL",
        re.compile(
            r"\b[A-Za-z][A-Za-z0-9+.\-]{1,30}://(?P<vq>[^\s:/@?#\[\]]{16,256})(?::[^\s/@]{0,64})?"
            r"@(?=[\w.\-\[])"
        ),
        1,
        _check_user_token,
        kind="token",
        needles=("://",),
    ),
    Rule(
        "credentials in URL",
        re.compile(
            r"(?i:\b(?:jdbc:oracle:[a-z]+:|sqlplus[ \t]+|rman[ \t]+target[ \t]+)@?)"
            r"[\w$#]{1,64}/(?P<vu>[^\s@/]{1,256})@"
        ),
        1,
        check_value,
        kind="password",
        needles=("oracle", "sqlplus", "rman"),
    ),
    Rule(
        "signature in URL",
        re.compile(
            r"(?i:[?&;](?:sig|signature|x-amz-signature|x-goog-signature)=)(?P<vq>[\w%+/=\-]{16,})"
        ),
        1,
        needles=("sig",),
    ),
    Rule(
        "webhook URL",
        re.compile(
            r"(?i:https?://(?:(?:hooks?|webhooks?)\.[\w.\-]+(?::\d+)?/[\w\-]+/"
            r"|[\w.\-]+(?::\d+)?/(?:[\w.\-]+/)*?"
            r"(?:hooks?|webhooks?|webhookb2|incomingwebhook|with/key)/))"
            r"(?P<vq>[\w\-.@/%]{8,512})"
        ),
        1,
        check_shaped,
        kind="webhook_url",
        needles=("hook", "with/key"),
    ),
)

HEADERS: tuple[Rule, ...] = (
    Rule(
        "authorization header",
        re.compile(
            r"\b(?:proxy-)?authori[sz]ation\b[\"']?[ \t]*[:=][ \t]*[\"']?"
            r"(?:(?:bearer|basic|token|digest|bot|apikey|api-key|hmac|negotiate|ntlm|sso-key)"
            r"[ \t]+)?(?P<vu>\S+(?:[ \t]+\w+=\S+)*)",
            re.IGNORECASE,
        ),
        1,
        _check_header,
        needles=("authori",),
    ),
    Rule(
        "cookie header",
        re.compile(r"(?im)^[ \t]*(?:set-)?cookie[ \t]*:[ \t]*(?P<vq>[^\r\n=]+=[^\r\n]*)$"),
        1,
        kind="cookie",
        needles=("cookie",),
    ),
    Rule(
        "bearer token",
        re.compile(r"\b[Bb]earer[ \t]+(?P<vu>[\w\-.~+/]{8,}=*)"),
        2,
        _check_tokenish,
        needles=("bearer",),
    ),
    Rule(
        "{kind} in XML",
        re.compile(
            rf"<(?P<tag>[\w:.\-]{{0,64}}?(?P<k>(?i:{WORDS}))(?P<suf>(?:[_\-.][A-Za-z0-9]{{1,24}}|[0-9]{{1,4}})?))"
            r"(?P<op>>)"
            r"(?:<!\[CDATA\[(?P<vx>[^\]\n]{1,512})\]\]>|(?P<vu>[^<\n]{1,512}))</(?P=tag)>"
        ),
        2,
        check_element,
        needles=("</",),
    ),
)

_SQL_VALUE = rf"(?:{QUOTED}|(?P<vu>[^\s;'\"`()]{{1,256}}))"
_SQL_WORDS = frozenset(
    ("NULL", "PASSWORD", "DEFAULT", "EXPIRE", "VALID", "UNTIL", "LOCK", "UNLOCK", "BY", "REPLACE")
)


def _check_sql(match: re.Match[str], start: int, end: int) -> bool:
    """An unquoted SQL value that is a keyword (`PASSWORD NULL`, `BY PASSWORD`) is not one."""
    return check_value(match, start, end) and match.string[start:end].upper() not in _SQL_WORDS


_SQL_STATEMENT = r"(?i:\b(?:create|alter)[ \t]+(?:user|role|login)\b)[^\n;]{0,200}?"
SQL: tuple[Rule, ...] = (
    Rule(
        "password set in SQL",
        re.compile(
            r"(?i:\bset[ \t]+password(?:[ \t]+for[ \t]+[^\s=]{1,200})?[ \t]*=[ \t]*"
            rf"(?:password[ \t]*\([ \t]*)?)(?:{QUOTED})"
        ),
        3,
        check_value,
        kind="password",
        needles=("password",),
    ),
    Rule(
        "password set in SQL",
        re.compile(
            rf"(?:(?i:\bidentified(?:[ \t]+with[ \t]+\w+)?[ \t]+by(?:[ \t]+password)?)"
            rf"|{_SQL_STATEMENT}(?i:\bpassword)(?:[ \t]*=)?)[ \t]*{_SQL_VALUE}"
        ),
        3,
        _check_sql,
        kind="password",
        needles=("identified", "password"),
    ),
    Rule(
        "password set in SQL",
        re.compile(
            r"(?i:\b(?:with[ \t]+)?(?:encrypted[ \t]+|unencrypted[ \t]+)?password"
            rf"(?:[ \t]*=)?|\bpassword[ \t]*\()[ \t]*(?:{QUOTED})"
        ),
        3,
        check_value,
        kind="password",
        needles=("password",),
    ),
)


FAMILIES: tuple[Rule, ...] = (
    *KEY_BLOCKS,
    *URLS,
    *HEADERS,
    *SQL,
    *COMMAND_LINES,
    *TOOL_FLAGS,
    *POSITIONAL_ARGUMENTS,
    *HERE_STRINGS,
    *CONFIG_FILES,
    *HASHES,
)
