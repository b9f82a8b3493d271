"""Records and blocks that name a credential, beside `notary.siblings` (a name field, then its
value field; elements named by an attribute or holding the value in one; pairs; positional
passwords). The name is read by the grammar's label (`grammar.LABEL`) and the value judged by
its assignment column, one rule each:

* **the value field first** on one line (`value="x" key="smtp.password"`,
  `{"value": "x", "name": "SECRET_TOKEN"}`);
* **an element pair**: `<name>...Password</name>` then `<value>x</value>` (Hadoop's and
  Hive's `*-site.xml`; a `<description>` between them is allowed), or a property list's
  `<key>Password</key>` then a typed value element, `<string>x</string>` or `<data>`;
* **a block named by a credential name with a default**: Terraform's and Packer's
  `variable "db_password" { default = "x" }`, `param`, `input`, `arg` blocks;
* **a mapping or object named by a credential holding its value in a default or value
  field**: CloudFormation's parameter `DBPassword:` then `Default: x` a few lines under it, an
  ARM parameters file's `"adminPassword": {"value": "x"}` or template's `"defaultValue": "x"`;
* **a typed declaration**: `param adminPassword string = 'x'` (Bicep), `var password string =
  "x"` (Go);
* **a braced connection-string value**: ODBC's `Pwd={x};` (`{password}` is a template: the
  key's own name);
* **a default written into a reference named for a secret**: `${DB_PASSWORD:x}` (Spring),
  `${DB_PASSWORD:-x}`, `${API_TOKEN:=x}` (shell, compose);
* **a mapping or list named by credentials in the plural**: each child of `passwords:`,
  `db_credentials:`, `secrets:`, `tokens:` (`admin: x`, `- x`), found by the nearest less
  indented line above it; not a child named for something about them (`min_length: 12`), not
  under one credential (`password:` then `min: 8` configures it), nor under `keys:` or
  `auth:`, which name keys of other things.
"""

from __future__ import annotations

import re

from extractors.notary.grammar import (
    ASSIGN,
    LABEL,
    WORDS,
    Label,
    about_a_secret,
    checker,
    decide,
)
from extractors.notary.rule import Rule
from extractors.notary.shapes import shape
from extractors.notary.values import VALUE, code_like

_NAME_FIELD = r"(?i:name|key|id|parameter[_\-]?key|variable|var|property|setting|param)"
_VALUE_FIELD = r"(?i:value|val|parameter[_\-]?value)"
_NAMED = rf"[\w.\-]{{0,64}}?{LABEL}"
"""A credential name as a field's value: an owner or path before the word (`db.password`,
`javax.jdo.option.ConnectionPassword`), the grammar's decoration after it."""

VALUE_THEN_NAME = re.compile(
    rf"(?<![\w.\-]){_VALUE_FIELD}[\"']?[ \t]*(?P<op>[:=])[ \t]*{VALUE}"
    rf"[^<>\n{{}}\[\]]{{0,120}}?(?<![\w.\-]){_NAME_FIELD}[\"']?[ \t]*[:=][ \t]*[\"']?{_NAMED}"
    r"[\"']?(?![\w.\-])"
)
_ELEMENT_VALUE = r"(?P<op>)[ \t]*(?P<vu>[^<>\s]{1,512})[ \t]*</"
ELEMENT_PAIR = re.compile(
    rf"<(?i:name|key)>[ \t]*{_NAMED}[ \t]*</(?i:name|key)>\s*"
    r"(?:<description>[^<]{0,400}</description>\s*)?"
    rf"<(?:{_VALUE_FIELD}|(?i:string|data))>{_ELEMENT_VALUE}"
)

BLOCK_DEFAULT = re.compile(
    rf"(?i:\b(?:variable|parameter|param|input|arg)\b)[ \t]+[\"']?{_NAMED}[\"']?[ \t]*\{{"
    rf"[^{{}}]{{0,300}}?(?<![\w.\-])(?i:default|value)[ \t]*(?P<op>=|:)[ \t]*{VALUE}"
)
_DEFAULT_FIELD = r"(?i:default|value|default[_\-]?value)"
MAPPING_DEFAULT = re.compile(
    rf"(?m)^(?P<ind>[ \t]*)[\"']?{_NAMED}[\"']?[ \t]*:[ \t]*\r?\n"
    rf"(?:(?P=ind)[ \t]+(?!{_DEFAULT_FIELD}[ \t]*:)[^\n]{{0,200}}\n){{0,8}}?"
    rf"(?P=ind)[ \t]+{_DEFAULT_FIELD}[ \t]*(?P<op>:)[ \t]*{VALUE}[ \t]*$"
)
"""A YAML mapping named by a credential holding its value in a default or value field, a few
lines under the name and indented more (CloudFormation's parameter `DBPassword:` then
`Default: x`)."""
OBJECT_DEFAULT = re.compile(
    rf"[\"']{_NAMED}[\"'][ \t]*:[ \t]*\{{[^{{}}]{{0,300}}?[\"']{_DEFAULT_FIELD}[\"'][ \t]*(?P<op>:)"
    rf"[ \t]*{VALUE}"
)
"""A JSON object named by a credential holding its value in a value or default field (an ARM
parameters file's `"adminPassword": {"value": "x"}`, a template's `"defaultValue": "x"`)."""
TYPED = re.compile(
    rf"(?<![\w.\-])(?i:param|var|const|let|dim)[ \t]+{_NAMED}[ \t]+[A-Za-z_][\w.\[\]*]{{0,30}}"
    rf"[ \t]*(?P<op>=)[ \t]*{VALUE}"
)
"""A typed declaration: a declaring keyword, the name, a type, `=` and the value (Bicep's
`param adminPassword string = 'x'`, Go's `var password string = "x"`)."""
BRACED = re.compile(
    r"(?<![\w.\-])(?P<k>(?i:pwd|password|passwd|pass))(?P<suf>)[ \t]*(?P<op>=)[ \t]*"
    r"\{(?P<vq>[^{}\n]{1,256})\}(?=[ \t]*(?:;|$|[\"']))"
)
REFERENCE_DEFAULT = re.compile(
    rf"\$\{{(?P<ref>)[\w.\-]{{0,64}}?{LABEL}(?P<op>:-|:=|:(?![?+\-=])|-|=)"
    r"(?P<vu>[^{}\s$][^{}\s]{0,255})\}"
)
"""A default written into a reference named for a secret: `${DB_PASSWORD:x}` (Spring),
`${DB_PASSWORD:-x}`, `${API_TOKEN:=x}` (shell, compose): the reference is no value, its default
is (not `${TOKEN:?message}`, `${TOKEN:+alternative}`, nor a default that is itself a reference,
`${PASSWORD:-$OTHER}`)."""
CHILD = re.compile(
    rf"(?m)^(?P<ind>[ \t]+)(?:-[ \t]+|(?P<child>[\w.\-@]{{1,64}})[ \t]*:[ \t]+)(?P<op>)(?!-[ \t])"
    rf"{VALUE}"
    r"[ \t]*$"
)
_PARENT = re.compile(rf"(?:^|\s)(?P<name>[\w.\-]{{0,64}}?(?P<k>(?i:{WORDS}))s?)[ \t]*:[ \t]*$")
_MAX_CLIMB = 40
"""How many lines above a child its parent may be (a longer block is read as no mapping)."""


def _parent_word(match: re.Match[str]) -> str | None:
    """The credential word naming the mapping or list a YAML child line belongs to: the nearest
    line above it indented less (`passwords:`, `db_credentials:`, `secrets:`), else None."""
    text, indent = match.string, len(match.group("ind").expandtabs())
    end = match.start()
    for _ in range(_MAX_CLIMB):
        if end <= 0:
            return None
        start = text.rfind("\n", 0, end - 1) + 1
        line = text[start : end - 1] if text[end - 1 : end] == "\n" else text[start:end]
        end = start
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        if len(line.expandtabs()) - len(stripped.expandtabs()) >= indent:
            continue
        parent = _PARENT.search(line)
        if parent is None or not _plural(parent.group("name")):
            return None
        return parent.group("k")
    return None


def _plural(name: str) -> bool:
    """A name for many credentials (`passwords`, `db_credentials`, `secrets`, `tokens`); not
    one (`password:` then `min: 8` configures it) nor keys or auth of other things."""
    lowered = name.lower()
    return lowered.endswith("s") and not lowered.endswith(("keys", "auths", "pass"))


def check_child(match: re.Match[str], start: int, end: int) -> bool:
    """A child of a mapping or list named by a credential word (`passwords:` then `admin: x`,
    `password:` then `- x`), judged in the assignment column under the parent's word."""
    word = _parent_word(match)
    if word is None or about_a_secret(match.group("child") or ""):
        return False  # `passwords:` then `min_length: 12`, `policy: strict`
    value = match.string[start:end]
    if code_like(value, None, word.lower()) or value.lstrip().startswith(("{", "[")):
        return False
    return decide(Label(word, ASSIGN), value, shape(value))


_NEEDLES = ("val",)
_WORD_NEEDLES = ("pass", "pw", "cred", "secret", "token")
_FIELDS = ("default", "value")
PAIRS: tuple[Rule, ...] = (
    Rule("{kind} in a named record", VALUE_THEN_NAME, 3, checker(ASSIGN), needles=_NEEDLES),
    Rule("{kind} in a named element", ELEMENT_PAIR, 3, checker(ASSIGN), needles=("</",)),
    Rule("{kind} as a block's default", BLOCK_DEFAULT, 3, checker(ASSIGN), needles=("{",)),
    Rule("{kind} as a mapping's default", MAPPING_DEFAULT, 3, checker(ASSIGN), needles=_FIELDS),
    Rule("{kind} as an object's value", OBJECT_DEFAULT, 3, checker(ASSIGN), needles=("{",)),
    Rule("{kind} in a typed declaration", TYPED, 3, checker(ASSIGN), needles=_WORD_NEEDLES),
    Rule("{kind} in a connection string", BRACED, 3, checker(ASSIGN), needles=("{",)),
    Rule("{kind} as a reference's default", REFERENCE_DEFAULT, 3, checker(ASSIGN), needles=("${",)),
    Rule(
        "credential in a named mapping",
        CHILD,
        3,
        check_child,
        kind="credential",
        needles=_WORD_NEEDLES,
    ),
)
