"""Credentials whose name is data: the credential word is the *value* of a name field and the
secret the value of its sibling field, or the second half of a (user, password) pair.

* **name and value fields** (`SIBLING_FIELDS`): a field that names a setting (`key`, `name`,
  `ParameterKey`, `property`, `setting`, `variable`, `param`) holds a credential name, and the
  next field of the same element or object (`value`, `ParameterValue`, `defaultValue`) holds
  the secret: .NET `<add key="DbPassword" value="..."/>`, Spring/Ant
  `<property name="password" value="..."/>`, Kubernetes `- name: DB_PASSWORD` / `value: ...`
  (the next line), `{"name": "DB_PASSWORD", "value": "..."}`, CloudFormation
  `"ParameterKey": "DbPassword", "ParameterValue": "..."`. Other attributes may stand between
  the two (`name="password" type="string" value="..."`).
* **an element named by a credential word, its value in an attribute** (`VALUE_ATTRIBUTE`):
  `<Password value="..."/>`, judged as `<Password>...</Password>` would be.
* **an element named by its attribute** (`NAMED_ELEMENT`): `<entry key="db.password">...</entry>`,
  `<setting name="Password">...</setting>`: the element's text, or its `<value>` child's
  (`<setting name="Password">` then `<value>...</value>`), is the value.
* **a (user, password) pair** (`PAIR_VALUE`): a credential word assigned a tuple or list of
  two (`auth=("admin", "...")`, `credentials = ["admin", "..."]`), or a basic-auth
  constructor given two (`HTTPBasicAuth("admin", "...")`, `DigestAuth`, `NTLMAuth`, and the
  credential constructors of .NET and Java: `NetworkCredential`, `PasswordAuthentication`,
  `UsernamePasswordCredentials`, `UsernamePasswordAuthenticationToken`): the
  second element is the secret, the first (a user name) is kept. Any other call after a
  credential word is code (`secret = bytes(password, "utf-8")`).
* **a password given by position** (`POSITIONAL_CALL`, `positional_password`): a call that
  connects or logs in (`getConnection`, `connect`, `mysqli_connect`, `PDO`, `login`,
  `authenticate`, `simple_bind_s`) with a quoted argument after the first that is more than a
  word and no host, URL, path or DSN: `getConnection(url, "root", "...")`,
  `mysqli_connect("localhost", "root", "...", "shop")`.

The name is judged exactly as the grammar judges `name=value` (`grammar.check`, the assignment
column of its decision table): `key="password_policy" value="strict"` is no secret,
`name="DB_PASSWORD" value="$(DB_PASSWORD)"` a reference.
"""

from __future__ import annotations

import re

from extractors.notary.grammar import ASSIGN, LABEL, WORDS, check, not_a_label
from extractors.notary.shapes import Shape, shape
from extractors.notary.values import QUOTED, VALUE, is_placeholder

_NAME_FIELD = r"\b(?i:key|name|parameter_?key|property|setting|variable|param)"
_VALUE_FIELD = r"(?i:value|parameter_?value|default_?value|content)(?![\w\-])"
"""The field holding the value; HTML's `<meta name="api-key" content="...">` names it `content`."""
_NAME = rf"(?P<q>[\"']?)[\w.\-:/]{{0,40}}?{LABEL}(?P=q)"
_OTHER_ATTRIBUTES = r"(?:[ \t]+[\w:.\-]{1,40}=(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'))*"
_SAME_OBJECT = r"[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?[\"']?"
"""Between the two fields: a space or comma, or the next line (YAML); never a closing brace or
another element."""

SIBLING_FIELDS = re.compile(
    rf"{_NAME_FIELD}[\"']?[ \t]*[:=][ \t]*{_NAME}{_OTHER_ATTRIBUTES}{_SAME_OBJECT}"
    rf"{_VALUE_FIELD}[\"']?[ \t]*(?P<op>[:=])[ \t]*{VALUE}"
)
VALUE_ATTRIBUTE = re.compile(
    rf"<(?P<tag>[\w:.\-]{{0,64}}?(?P<k>(?i:{WORDS})))(?P<suf>){_OTHER_ATTRIBUTES}[ \t]+"
    rf"(?i:value)[ \t]*(?P<op>=)[ \t]*(?:{QUOTED})"
)
"""An element named by a credential word that holds its value in an attribute:
`<Password value="..."/>`, `<dbPassword type="string" value="..."/>`."""
NAMED_ELEMENT = re.compile(
    rf"<(?P<tag>[\w:.\-]{{1,40}})(?:[ \t]+[^<>\n]{{0,200}}?)?[ \t]{_NAME_FIELD}=(?=[\"']){_NAME}"
    r"[^<>\n]{0,200}?(?P<op>>)(?:\s*<(?i:value)>)?(?P<vu>[^<\n]{1,512})</"
)
_FIRST = r"(?:\"[^\"\n]{1,128}\"|'[^'\n]{1,128}'|[A-Za-z_][\w.]{0,64})"
PAIR_VALUE = re.compile(
    rf"(?:{LABEL}[\"'\]]?[ \t]*(?P<op>[:=])[ \t]*"
    r"|\b(?P<ctor>(?:HTTP)?(?:Basic|Digest|Proxy|NTLM)Auth|NetworkCredential"
    r"|PasswordAuthentication|UsernamePassword(?:Credentials|AuthenticationToken)))"
    rf"[(\[][ \t]*{_FIRST}[ \t]*,[ \t]*(?:{QUOTED})(?:\.\w{{1,32}}\(\))?[ \t]*[)\]]"
)
"""A (user, password) pair; the password may be converted on the spot (Java's
`"...".toCharArray()`)."""


_AS_PASSWORD = re.compile(rf"{LABEL}(?P<op>=)(?P<vu>.*)", re.S)


_NAMES_A_PAIR = re.compile(r"(?i:auth(?:ori[sz]ation)?|cred(?:ential)?s?)")
"""Credential words that name a user and a password together (`auth`, `credentials`)."""


def check_pair(match: re.Match[str], start: int, end: int) -> bool:
    """The second element of a pair given to a basic-auth constructor or assigned to a word that
    names the pair (`auth=("user", "x")`, `basic_auth`, `credentials`) is a password: judged as
    `password=` would be (a word is a password there); after another credential word
    (`password = ["a", "b"]`), the grammar's assignment of that word."""
    names_a_pair = not match.group("ctor") and _NAMES_A_PAIR.fullmatch(match.group("k"))
    if not match.group("ctor") and not names_a_pair:
        return check(match, start, end, ASSIGN)
    if names_a_pair and not_a_label(match, match.group("k")):
        return False
    value = match.string[start:end]
    as_password = _AS_PASSWORD.fullmatch(f"password={value}")
    return as_password is not None and check(as_password, 9, 9 + len(value), ASSIGN)


_CONNECTING = (
    r"\b(?i:(?:get_?)?connection|(?:mysqli?_(?:real_)?)?connect|mysqli|pdo|login|logon"
    r"|sign_?in|authenticate|simple_bind(?:_s)?|bind_s)"
)
POSITIONAL_CALL = re.compile(rf"{_CONNECTING}[ \t]*\((?P<args>[^()\n]{{1,400}})\)")
"""A call that connects or logs in, with its arguments on one line."""
_LITERAL = re.compile(r"\"([^\"\n]{1,256})\"|'([^'\n]{1,256})'")
_NOT_A_PASSWORD = re.compile(
    r"[\w\-]+(?:\.[\w\-]+)+(?::\d+)?"  # a host name or address
    r"|[A-Za-z][\w+.\-]*://.*|\.{0,2}/.*"  # a URL, a path
    r"|.*=.*[;,].*|.*[;,].*=.*"  # a DSN or DN of several fields
)


def positional_password(match: re.Match[str]) -> tuple[int, int] | None:
    """A password given by position to a call that connects or logs in
    (`getConnection(url, "root", "...")`, `mysqli_connect("localhost", "root", "...", "shop")`,
    `new PDO($dsn, 'root', '...')`, `simple_bind_s(dn, "...")`): the first quoted argument after
    the first that is more than a word (MIXED or RANDOM) and is no phrase, host, URL, path or
    DSN, and not a keyword argument (those are the grammar's: `password="..."`)."""
    start = match.start("args")
    args = match.group("args")
    for literal in _LITERAL.finditer(args):
        before = args[: literal.start()]
        if "," not in before or re.search(r"=[ \t]*$", before):
            continue
        value = literal.group(1) or literal.group(2)
        if " " in value or _NOT_A_PASSWORD.fullmatch(value) or is_placeholder(value):
            continue
        if shape(value) < Shape.MIXED:
            continue
        return start + literal.start() + 1, start + literal.end() - 1
    return None
