"""The notary's precision layer: findings that are not secrets, whatever rule found them.

Applied to every finding before masking (`notary.core.find_secrets`), in three classes:

* **stand-ins** (all rules): named fillers (`xxxx`, `PUT_YOUR_TOKEN_HERE`, `changeme`, see
  `values.named_filler`), documented example values stated as examples
  (`values.stated_example`) and a URL template's password (`userinfo_stand_in`:
  `postgres://postgres:postgres@`, `user:password@`, `user:abc@`); a JSON object given as a
  value and a file's path of words (`structure_or_path`);
* **machine-made stand-ins**: an issued token or key is random, so a value of four or fewer
  distinct characters there (`AKIA0000000000000000`, `glc_1111...`, `values.few_characters`)
  and a token cut short by an ellipsis (`elided`: `ops_eyJz...`, someone showing a prefix;
  a password followed by "..." is the whole password, at a sentence's end),
  and, from a keyword or context rule, a value that is mostly a run in code order, read
  case-blind (`xoxp-1234567890`, `AbCeFG123`, `dapi123456789012345678a9bc...`), is someone's
  stand-in. A password or PIN is a person's choice, and `12345678`, `aaaa1111` and
  `12341234` are, sadly, real ones: those slots keep every value but a named filler;
* **formats the maintained rule set owns** (our own rules, detect-secrets' plugins and the
  entropy rule): a value wholly in a format that betterleaks' rule set checks with its own
  entropy floor and published-example allowlist (Google API keys, `AIza` + 35; gitleaks'
  rule and trufflehog's detectors key on the same shape) is that rule set's to decide, so a
  sample key Google prints in its SDKs is not masked by a looser rule of ours. A real key of
  that format is still masked: the maintained rule finds it.
"""

from __future__ import annotations

import functools
import itertools
import re

from extractors.notary.grammar import WORDS, names_its_slot
from extractors.notary.values import few_characters, named_filler, stated_example

MACHINE_RANK = 3
"""Findings of this rank and above come from a keyword or context (`token=...`), not from a
provider's format; only those get the counting-run test."""
MAX_RUN_SHARE = 0.5
MIN_RUN_VALUE = 6
MIN_RUN = 3
_HUMAN_KINDS = ("password", "passwd", "passphrase", "passcode", "pin", "credential")
_OWNED = re.compile(r"AIza[0-9A-Za-z_\-]{35}")
"""Provider formats whose maintained rule (`notary.providers`) decides alone."""


def not_a_secret(text: str, start: int, end: int, kind: str, rank: int) -> bool:
    """Whether the value of the finding `text[start:end]` of type `kind` and `rank` is no
    secret by what it is (a named filler, a structure or path, a name the text declares, a
    template's value: a URL's user again, its own slot's name; a machine-made stand-in): then
    it is none wherever it occurs in the text (`owned` is checked separately: it depends on
    which rule found the value)."""
    value = text[start:end]
    if named_filler(value) or structure_or_path(value) or declared_name(text, value):
        return True
    if userinfo_stand_in(text, start, end) or slot_name(text, start, end):
        return True  # the text is a template: `postgres://app:app@`, `password: Password`
    if human_kind(kind):
        return False
    return few_characters(value) or (rank >= MACHINE_RANK and counting_run(value))


def none_here(text: str, start: int, end: int, kind: str) -> bool:
    """Whether this occurrence is no secret by where it stands: an example stated as one,
    inside a reference, an anti-forgery field, a block's header label, or cut short by an
    ellipsis (a machine kind). Only this occurrence:
    the same value found a secret elsewhere in the text is masked there, and, as every value
    found, here too (`core._repeats`): a block's name reused as a password is the password."""
    if stated_example(text, start, end) or inside_reference(text, start, end):
        return True
    if named_public(text, start) or block_label(text, start, end):
        return True
    return not human_kind(kind) and elided(text, start, end)


_LABEL = r"(?:\"[^\"\n]{0,256}\"|'[^'\n]{0,256}'|[A-Za-z_][\w\-]{0,256})"
_BLOCK_HEADER = re.compile(
    rf"[ \t]*(?:[A-Z][a-z]+:[ \t]+)?(?:resource|data|module|variable|output|provider)[ \t]+{_LABEL}"
    rf"(?:[ \t]+{_LABEL})?[ \t]*(?:=[ \t]*)?\{{"
)


def block_label(text: str, start: int, end: int) -> bool:
    """The value is a label of a block's header (Terraform's `resource "aws_iam_access_key"
    "negative1" {`, Bicep's `resource vault 'Microsoft.KeyVault/vaults@2019-09-01' = {`): the
    block's type and name, never its value; what the block holds after `{` is judged by its
    own names (`variable "db_password" { default = "x" }` is masked). A lead-in on the line
    (`Note: resource "x" "y" {`, a comment's word and colon) changes nothing."""
    line = text.rfind("\n", 0, start) + 1
    header = _BLOCK_HEADER.match(text, line)
    return header is not None and end <= header.end()


_CODE_NAME = re.compile(r"[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
"""A name of two or more parts joined by humps or `_` (`ParentPassword`, `DBPassword`,
`secureParameter`, `db_pass`): how code names what it declares."""
MAX_CODE_NAME = 64
"""The longest value read as a declared name (`declared_name`)."""


_DECLARED = re.compile(
    r"^[ \t]*(?:-[ \t]+)?[\"']?(?P<key>[A-Za-z][\w]{3,63})[\"']?[ \t]*:[ \t]*(?:\{|$)"
    r"|\b(?:param|var|variable|parameter|output|resource)[ \t]+[\"']?"
    r"(?P<name>[A-Za-z][\w]{3,63})\b",
    re.M,
)


def declared_name(text: str, value: str) -> bool:
    """The value is a name the same text declares: the key of a mapping it opens (a
    CloudFormation parameter, `"ParentPassword": {` or `ParentPassword:` ending its line) or the
    name after a declaring keyword (Bicep's `param secureParameter string`, Terraform's
    `variable "x"`). A value that names a declaration refers to it (`"Password":
    "ParentPassword"` under `Ref`, `administratorLoginPassword: secureParameter`), never holds a
    secret; a password someone chose is no code name declared beside it. The text's
    declarations are read once (`_declarations`), not once a finding."""
    bare = value.strip("\"'`")
    if not 4 <= len(bare) <= MAX_CODE_NAME or _CODE_NAME.fullmatch(bare) is None:
        return False
    return bare in _declarations(text)


@functools.lru_cache(maxsize=4)
def _declarations(text: str) -> frozenset[str]:
    """Every name `text` declares (see `declared_name`)."""
    return frozenset(m.group("key") or m.group("name") for m in _DECLARED.finditer(text))


_PUBLIC_NAME = re.compile(
    r"(?i:csrf|xsrf|authenticity)[\w\-]*[\"']?"
    r"(?:[ \t]+(?!content|value)[\w\-]+=[\"'][^\"'\n]*[\"'])*"
    r"[ \t]*(?:[:=]|[ \t](?i:content|value)=)[ \t]*[\"']?$"
)
PUBLIC_LOOK_BACK = 120


def named_public(text: str, start: int) -> bool:
    """The value's name, on its line before it, is an anti-forgery token's (`csrf`, `xsrf`,
    Rails' `authenticity_token`): `<meta name="csrf-token" content="...">`, Django's
    `name="csrfmiddlewaretoken" value="..."`, `"csrf_token": "..."`, `X-CSRF-Token: ...`. The
    page hands it to every visitor of the form; it opens nothing without the session (the
    grammar reads `csrf_token` as a public value already; the entropy rule took its look)."""
    line = max(text.rfind("\n", 0, start) + 1, start - PUBLIC_LOOK_BACK)
    return _PUBLIC_NAME.search(text, line, start) is not None


_JSON_OBJECT = re.compile(r"\{\s*[\"'][^\"'\n]{1,64}[\"']\s*:.*\}", re.S)
_FILE_PATH = re.compile(r"(?:~|\.{1,2})?/(?:[\w.\-]+/)+[\w.\-]+")
_LOWER_RUN = re.compile(r"[a-z]{2,}")


def structure_or_path(value: str) -> bool:
    """A JSON object given as a value (`SecretStringTemplate: '{"username": "admin"}'`: a
    structure, whose fields are judged by their own names) or a file's path of words
    (`--kubelet-client-key=/etc/kubernetes/pki/x.key`: where a key is kept, not the key; most
    of its lower-case runs hold a vowel, and two or more, so a drawn `/Kq9x/Zr7Lm2` is no path)."""
    if _JSON_OBJECT.fullmatch(value):
        return True
    if not _FILE_PATH.fullmatch(value):
        return False
    runs = _LOWER_RUN.findall(value)
    return len(runs) >= 2 and 2 * sum(bool(set("aeiouy") & set(r)) for r in runs) >= len(runs)


_NAME_BEFORE = re.compile(r"([A-Za-z][\w.\-]{0,63})[\"'\]]?[ \t]*(?:=>|:=|=|:)[ \t]*[\"']?$")


def slot_name(text: str, start: int, end: int) -> bool:
    """The value is the credential word its own name ends with (`DB_PASSWORD=Password`,
    `token: Token`; `grammar.names_its_slot`), whatever rule found it: a template's slot."""
    name = _NAME_BEFORE.search(text, max(0, start - 80), start)
    return name is not None and names_its_slot(text[start:end], name.group(1))


_REFERENCE = re.compile(
    r"\$\{[A-Za-z_][\w.\-]{0,64}(?:(?::?[-=?+])(?:\$\{[A-Za-z_][\w.\-]{0,64}\}|\$[A-Za-z_]\w{0,64})?)?\}"
)
"""A shell or compose reference whose default, if any, is itself a reference: `${TOKEN}`,
`${PASSWORD:-$OTHER}`, `${DB_PASS:-${FALLBACK}}`."""


def inside_reference(text: str, start: int, end: int) -> bool:
    """The finding starts inside a reference that holds no value of its own (`_REFERENCE`):
    any rule that reads `${PASSWORD:-$OTHER}.` as a name and a value reads the reference's
    syntax (and the sentence's end after it).
    A default that is a value (`${DB_PASSWORD:-x}`) is judged (`notary.pairs`)."""
    for found in _REFERENCE.finditer(text, max(0, start - 200), min(len(text), end + 200)):
        if found.start() <= start < found.end():
            return True
    return False


_DEFAULT = re.compile(
    r"\$\{[A-Za-z_][\w.\-]{0,64}(?::?[-=]|:(?![?+]))(?P<d>[^{}\s$][^{}\s]{0,255})\}"
)
"""A reference with a default that is a value: `${PASSWORD:-x}`, `${TOKEN:=x}`, `${PW:x}`."""


def to_default(text: str, start: int, end: int) -> tuple[int, int]:
    """A finding that starts inside a reference with a value for its default is cut to the
    default: the reference's syntax (`${PASSWORD:-`, `}`) is never masked, whatever rule read
    it as a name and a value, so the masked text reads `${PASSWORD:-[REDACTED:password]}`.
    An empty span means the finding held syntax alone."""
    for found in _DEFAULT.finditer(text, max(0, start - 300), min(len(text), end + 300)):
        if found.start() <= start < found.end():
            return max(start, found.start("d")), min(end, found.end("d"))
    return start, end


_USER_INFO = re.compile(r"(?:^|[\s/\"'=(,])([^\s:/@\"'=(,]*):$")
"""The user before a password, in a URL (`//user:`) or without a scheme (` user:`)."""
_CREDENTIAL_WORD = re.compile(rf"(?i:(?:my|your|the|some)[_\-]?)?(?:{WORDS})")
MIN_URL_PASSWORD = 4


def userinfo_stand_in(text: str, start: int, end: int) -> bool:
    """The password of a user-info (a URL's, or one without a scheme before a host and port)
    that is a template's: the user name again
    (`postgres://postgres:postgres@`), a credential word (`user:password@`, `:mypassword@`) or
    fewer than `MIN_URL_PASSWORD` characters (`user:abc@`)."""
    if not text.startswith("@", end):
        return False
    user = _USER_INFO.search(text, max(0, start - 257), start)
    if user is None:
        return False
    value = text[start:end]
    return (
        value == user[1]
        or len(value) < MIN_URL_PASSWORD
        or _CREDENTIAL_WORD.fullmatch(value) is not None
    )


def elided(text: str, start: int, end: int) -> bool:
    """A value cut short by an ellipsis: someone showing a prefix (`ops_eyJz...`)."""
    return text.startswith(("...", "…"), end) or text[start:end].endswith(("...", "…"))


def owned_format(value: str) -> bool:
    """A value wholly in a format the maintained rule set decides alone."""
    return _OWNED.fullmatch(value) is not None


def human_kind(kind: str) -> bool:
    """A secret a person chooses (password, PIN): any value may be one. Read by whole words of
    the kind (`generic_password`, `PIN`), so `pinecone_api_key` is not a PIN."""
    return any(word in _HUMAN_KINDS for word in re.split(r"[^a-z]+", kind.lower()))


def counting_run(value: str) -> bool:
    """Mostly counting, case-blind (`1234567890`, `abcdefg`, `AbCeFG123`): at least
    `MAX_RUN_SHARE` of its letters and digits sit in runs of `MIN_RUN` or more characters that
    follow each other in code order. Pairs alone (`Ab12cd34ef56`) are not counting."""
    body = [c for c in value.lower() if c.isalnum()]
    if len(body) < MIN_RUN_VALUE:
        return False
    counted, run = 0, 1
    for a, b in itertools.pairwise(body):
        if ord(b) - ord(a) == 1:
            run += 1
            continue
        counted += run if run >= MIN_RUN else 0
        run = 1
    counted += run if run >= MIN_RUN else 0
    return counted >= MAX_RUN_SHARE * len(body)
