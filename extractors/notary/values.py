"""Value grammar for the notary's labelled-secret rules: where a value starts and ends, and
which values are not secrets at all.

A value after a label is either quoted (`"..."`, `'...'`, `` `...` ``, “...”, 「...」; the quote
only closes the value if no further value characters follow it) or an unquoted run of
non-space, non-CJK characters that stops before a following field (`&page=2`, `;Database=x`,
`, host: db`) or an XML closing tag (`<env>DB_PASSWORD=x</env>`). A trailing `.`, `,`, `;` or
`:`, an unbalanced closing bracket and an unpaired trailing quote are not part of an unquoted
value (so "password=hunter2." keeps its full stop).

Not secrets, to keep false positives out: placeholders (`***`, `<password>`, `${DB_PASSWORD}`,
`$${PYPI_PASSWORD}`, `{{ token }}`, `{ password }`, `[REDACTED]`), references where a file
writes the value (`os.environ[...]`, `getpass()`, `config.password`,
`System.getProperty("x")`, a variable `$password` or `$dbPass`, Symfony's `%env(NAME)%` and
`%kernel.secret%`, a YAML tag such as CloudFormation's `!Ref X` or `!ImportValue X`, a constant
named in upper case with underscores `DB_PASSWORD`, `NONCOMPLIANT_APITOKEN`), values of fewer
than 3 characters, type names (`password: str`), ordinary words that follow a label in prose
("the password is required", "password: must be 12 characters"), numbers with a unit ("12
characters", "8位"), and source-code variables (`password = password`, `self._pwd = pwd`).
Known limitation: a value shaped like one of these (a password that *is* `$letters`,
`!Word`, `UPPER_CASE_WORDS`, `name(arg)` or `name[0]`) is not masked; a constant whose last
part holds a digit (`SUMMER_2024_ROCKS7`) is a value.

Also here, for every rule source: the typed placeholder (`placeholder`, `MASKED`), fillers
(`named_filler`: `xxxx`, `PUT_YOUR_TOKEN_HERE`; `few_characters`: a body of four or fewer
distinct characters, a filler only where a value is issued, see `notary.precision`),
documented examples stated as examples (`stated_example`), and public key blocks
(`in_public_block`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple


class Finding(NamedTuple):
    """A span of the (stripped) text to mask. Lower `rank` names the finding when spans merge."""

    start: int
    end: int
    label: str
    rank: int
    kind: str = "secret"
    """The placeholder's type (`github_pat`, `password`): lower-case letters, digits and `_`."""
    token: bool = False
    """The span is a whole token by its format (a provider's key, a random run), not a value
    after a label: `notary.core` widens it to the token around it."""


MASKED = re.compile(r"\[REDACTED(?::([a-z0-9_]{1,64}))?\]")
"""A placeholder the notary left: `[REDACTED]` or typed, `[REDACTED:github_pat]`."""
_SLUG = re.compile(r"[^a-z0-9]+")


_PLACEHOLDER_WORD = re.compile(r"\bREDACTED\b")


def names_placeholder(text: str) -> bool:
    """Whether `text` carries a placeholder, also one a tokenizer stripped of its brackets
    (`REDACTED`, `REDACTED:password`): nothing made of it is a fact or an entity."""
    return _PLACEHOLDER_WORD.search(text) is not None


def slug(name: str) -> str:
    """A type name as a placeholder type: "GitHub Token" -> `github_token`."""
    return _SLUG.sub("_", name.lower()).strip("_")[:64] or "secret"


_WORDS = {
    "api": "API",
    "aws": "AWS",
    "gcp": "GCP",
    "jwt": "JWT",
    "pat": "PAT",
    "url": "URL",
    "ssh": "SSH",
    "pgp": "PGP",
    "oauth": "OAuth",
    "openai": "OpenAI",
    "github": "GitHub",
    "gitlab": "GitLab",
    "id": "ID",
    "iam": "IAM",
    "sas": "SAS",
    "ad": "AD",
    "pin": "PIN",
    "pypi": "PyPI",
    "hashicorp": "HashiCorp",
    "huggingface": "Hugging Face",
    "ibm": "IBM",
    "anthropic": "Anthropic",
    "google": "Google",
    "slack": "Slack",
    "stripe": "Stripe",
}


def readable(kind: str) -> str:
    """A type as words, with the usual capitals: `openai_api_key` -> "OpenAI API key"."""
    words = [_WORDS.get(w, w) for w in re.split(r"[_\-]+", kind) if w]
    return " ".join(words) or "secret"


def placeholder(kind: str) -> str:
    """What a masked value becomes: `[REDACTED:<kind>]`."""
    return f"[REDACTED:{slug(kind)}]"


_EXAMPLE_VALUE = re.compile(r"EXAMPLE|(?i:example|sample|dummy)")
_EXAMPLE_SAID = re.compile(
    r"(?i:\bexamples?\b|\be\.g\.|\bfor instance\b|\bsuch as\b|\bsample\b|\bdocumented\b"
    r"|\bdocs?\b|\bplaceholder\b)|示例|例如|比如|样例"
)
EXAMPLE_WINDOW = 80


_FILLER = re.compile(
    r"(?i:x{5,}|(?:your|put|insert|replace)[_\-]|[_\-](?:here|goes[_\-]here)\b|here$"
    r"|changeme|placeholder|redacted|dummy|(?<![a-z])fake|foobar|(?<![a-z])my[_\-]\w*token"
    r"|not[_\-]?a?[_\-]?real"
    r"|^some[_\-]?(?:key|secret|token|password|passwd|pass|pwd|value)s?$)"
)


_ARMOUR_OPEN = re.compile(r"-----BEGIN [A-Z0-9 ]*(?:PUBLIC KEY|CERTIFICATE|SIGNATURE|MESSAGE)")


def in_public_block(text: str, start: int) -> bool:
    """Whether `start` lies inside a public key, certificate, signature or message block (its
    BEGIN line before `start` and no END line between): that body is no secret."""
    armour = text.rfind("-----BEGIN", 0, start)
    if armour < 0 or text.find("-----END", armour, start) >= 0:
        return False
    return _ARMOUR_OPEN.match(text, armour) is not None


def named_filler(value: str) -> bool:
    """A stand-in that says so: `ghp_xxxx...`, `glpat-XXXXXXXXXXX`, `pnu_XXXX`,
    `sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE`, `xoxb-xoxb-my-bot-token`, `changeme`,
    `sk-ant-api02-notarealkey`."""
    return _FILLER.search(value) is not None


def few_characters(value: str) -> bool:
    """A body of at most four distinct characters after its prefix (`glc_1111111...`,
    `AKIA0000000000000000`): a stand-in where the value is issued (random), not where a person
    chose it. A run of one character alone is not a filler: base64 of zero bytes (`AAAAAAAA`)
    is common inside real tokens."""
    body = re.sub(r"^[A-Za-z]{2,12}[_\-.~]", "", value)
    alnum = [c.lower() for c in body if c.isalnum()]
    return len(alnum) >= 8 and len(set(alnum)) <= 4


def stated_example(text: str, start: int, end: int) -> bool:
    """A documented example value stated as an example ("the docs use AKIAIOSFODNN7EXAMPLE as
    an example key"): the value itself says EXAMPLE/example/sample/dummy, and the text within
    `EXAMPLE_WINDOW` characters before or after it says it is an example. Either alone is not
    enough: a live key pasted next to the word "example" is still masked."""
    if not _EXAMPLE_VALUE.search(text, start, end):
        return False
    before = text[max(0, start - EXAMPLE_WINDOW) : start]
    after = text[end : end + EXAMPLE_WINDOW]
    return bool(_EXAMPLE_SAID.search(before) or _EXAMPLE_SAID.search(after))


Check = Callable[[re.Match[str], int, int], bool]
"""Given a match and the value's span, whether the value really is a secret."""


_END_QUOTE = r"(?![A-Za-z0-9\"'`$#%^*+=\-_~@\[{(<|\\])"
"""A closing quote ends a value only if no more value characters follow it."""
QUOTED = (
    rf'"(?P<vq1>[^"\n]{{1,2048}})"{_END_QUOTE}'
    rf"|'(?P<vq2>[^'\n]{{1,2048}})'{_END_QUOTE}"
    rf"|`(?P<vq3>[^`\n]{{1,2048}})`{_END_QUOTE}"
    r"|“(?P<vq4>[^”\n]{1,2048})”"
    r"|‘(?P<vq5>[^’\n]{1,2048})’"
    r"|「(?P<vq6>[^」\n]{1,2048})」"
    r"|『(?P<vq7>[^』\n]{1,2048})』"
    r'|\\"(?P<vq8>[^"\\\n]{1,2048})\\"(?![A-Za-z0-9])'
)
_NEXT_FIELD = r"[,;&]\s*[\"']?[A-Za-z_][\w.\-]+[\"']?\s*(?:=|:\s)"
"""Where an unquoted value stops: `&page=2`, `;Database=x`, `, host: db`."""
_ESCAPED_BREAK = r"\\[nrt]"
"""A line break or tab escaped inside a quoted string (`"#!/bin/bash\\nexport X=y\\n..."`, a
script or inline code in a JSON or YAML string): it ends a value as a real line break does."""
_CJK = r"\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"
_UNQUOTED = rf"(?P<vu>[^\s{_CJK}](?:(?!{_NEXT_FIELD}|</|{_ESCAPED_BREAK})[^\s{_CJK}]){{0,4095}})"
VALUE = rf"(?:{QUOTED}|{_UNQUOTED})"

_TRAILING = ".,;:"
_PAIRS = {")": "(", "]": "[", "}": "{", ">": "<"}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_STOPWORDS = _words(
    """
    a an the is are was were be been being must should will would can could may might shall
    to of for in on at by from with without as and or but not no yes if then than that this
    these those it its my your our their his her here there now still also too very same
    none null nil undefined empty blank true false unset set required optional mandatory
    missing hidden masked redacted str string bytes int integer bool boolean any secretstr
    text varchar number correct incorrect wrong invalid valid expired weak strong long short
    secure insecure changed reset stored saved hashed encrypted sensitive case-sensitive
    different below above following something nothing anything what which who where when how
    sent written shown visible unknown known easy hard simple complex good bad fine ok okay
    great new old please only always never available needed protected generated rotated
    revoked compromised leaked minimum maximum min max least most length characters chars
    digits letters symbols out about like more less enough used ignored removed specified
    provided given supplied entered accepted rejected requested received found expected got
    """
)
_STATES = _words(
    """
    read write read-only readonly write-only writeonly read-write readwrite read-all write-all
    enabled disabled off
    """
)
"""A setting's state, an access level or a switch (`id-token: write`, `token: disabled`): how,
never what."""
_UNITS = re.compile(
    r"[ \t]*(?:characters?|chars?|digits?|letters?|symbols?|long|minutes?|hours?|days?|"
    r"weeks?|months?|years?|times?|attempts?|tries|位|个|次|天|年|月|日|号|字|种|条|小时|分钟)",
    re.IGNORECASE,
)
_PLACEHOLDER = re.compile(
    r"""(?x)
    \[REDACTED(?::[a-z0-9_]+)?\]
    | [*•·xX#.…_\-]{3,}
    | <[^<>]*>
    | \$+\{\{.*\}\} | \$+\{[^}]*\} | \$\(.* | \$\$?[A-Za-z_][A-Za-z_]*[0-9]{0,2}(?:\.[A-Za-z_]\w*)*
    | <<[-~]?\s*['"]?[A-Za-z_]+['"]?
    | arn:[a-z][a-z\-]*:[a-z0-9\-]+:[a-z0-9\-]*:(?:\d*|aws):\S+
    | \$\{[A-Za-z_][\w.]*:?[-=?+]\$\{[^{}]*\}\}
    | %(?:env\()?[A-Za-z_][\w.:]*\)?%
    | (\w)\1{2,}
    | \{\{.*\}\} | \{\s*(?:\$?\.)?[A-Za-z_][\w.]*(?:\[\w*\][\w.]*)*\s*\} | %\([^)]*\)s
    | !(?:[A-Z]?[a-z]+)+(?:::[A-Za-z]+)?(?:\s.*)?
    | [A-Z][A-Z]+(?:_(?:[A-Z]+|[0-9]+))*_[A-Z]{2,}
    | (?:[a-z_]\w*|[A-Z]\w*(?=\.))(?:\.[A-Za-z_]\w*)*\((?:['"].*|[A-Za-z_][\w.'"\s,:=\-\[\]]*)?\)
    | [a-z_][a-z_]{2,}(?:\.[A-Za-z_]\w*)*\((?:\)|['"]|[A-Za-z_][\w.]*(?:[,()].*)?$).*
    | [a-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\[[\w:'"\-.]*\])+(?:\..*)?
    | (?:os\.environ|os\.getenv|process\.env|settings\.|config\.|self\.|env\.)\S*
    | \$?\{\{.*
    | \[[a-z][A-Za-z]*\(.*\)[\w.\[\]']*\]
    | [a-z_][a-z0-9_\-]*(?:\.[a-z_][a-z0-9_\-]*){2,}
    | [A-Z][a-z]+(?:[A-Z][a-z]*|[A-Z]+(?![a-z]))+(?:\.[A-Z][a-z]*(?:[A-Z][a-z]*)*)+
    | !?(?:var|local|module|data|each|count|path|terraform)(?:\.[a-z_][a-z0-9_\-]*|\[[^\]]*\])+
    | [a-z][a-z0-9+\-]{1,15}:(?://)?(?:[a-z][\w\-]*(?:[/\#][\w\-.]+)+|/[\w\-./]+|[A-Z][A-Z0-9_]+)
    """
)
"""... and the expressions of config languages where a value would be: a template expression's
opening (`${{ secrets.X }}`, `{{ .Values.x }}`), a JSONPath or Go template path in braces
(`{.credential.access_token}`, kubectl's and a kubeconfig's `token-key`; `{$.items[0].name}`):
where the value is read from, no value; ARM's bracketed call (`[parameters('pw')]`)
and an attribute reference, a dotted path of three or more lower-case names
(`data.aws_x.db.secret_string`), or of two under one of Terraform's reference roots
(`var.secret_value`, `local.db_creds`, `each.value`; a drawn segment is judged:
`data.x.Tr0ub4dor3x`), also negated (`!local.is_replica ? ...`, a condition); compose's
escaped `$$NAME` is a variable as `$NAME` is, and a variable's member (`$context.routeKey`,
API Gateway's and Velocity's) as the variable is; an ARN (`arn:aws:kms:us-east-1:123456789012:
key/...`, `arn:aws:iam::123456789012:role/x`; a made-up account of any length) names a
resource, never holds a secret; a resource's attribute, a logical name in humps of letters and
a capitalized attribute after a dot (`AppendItemToListFunction.Arn`, `MyDb.Endpoint.Address`,
CloudFormation's `GetAtt` written as a string), says where the value is; a
heredoc's opening (`private_key = <<EOF`) says the value follows on the next lines; a
reference with a scheme, a lower-case word and a colon before a path or a constant's name
(`file:/run/secrets/db`, `vault:secret/data/db#password`, `env:DB_PASSWORD`, `op://vault/db/pw`:
a secret store's, a file's or a variable's address), says where the value is."""
CN_STOP = re.compile(
    "什么|多少|啥|哪|几|正确|错误|对的|错的|不|没|必|需|要|空|一个|一串|一样|一致|相同|由|在|这|那|"
    "你|我|他|她|它|谁|如何|怎么|至少|最少|最多|加密|明文|纯|数字|字母|随机|默认|过期|无效|有效|"
    "失效|弱|强|公开|保密|安全|重置|修改|忘|用|指|的|了|吗|呢|多|很|太|已|被|给|和"
)


def trimmed_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop trailing sentence punctuation and unbalanced closing brackets from a value."""
    while end > start:
        last = text[end - 1]
        unbalanced = last in _PAIRS and text.count(last, start, end) > text.count(
            _PAIRS[last], start, end
        )
        unbalanced = unbalanced or (last in "'\"" and text.count(last, start, end) % 2 == 1)
        if last not in _TRAILING and not unbalanced:
            break
        end -= 1
    return start, end


def value_span(match: re.Match[str]) -> tuple[int, int] | None:
    """The span of the first `v...` group that matched (unquoted values trimmed)."""
    for name, found in match.groupdict().items():
        if name.startswith("v") and found is not None:
            start, end = match.span(name)
            if name == "vu":
                start, end = trimmed_span(match.string, start, end)
            while start < end and match.string[start].isspace():
                start += 1
            while end > start and match.string[end - 1].isspace():
                end -= 1
            return (start, end) if end > start else None
    return None


_NAME_WORD = r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|(?:api)?key|cred(?:ential)?s?|auth)"
_SECRET_NAME = re.compile(
    rf"[a-z]+(?:[_\-.][a-z]+)*[_\-.]{_NAME_WORD}"
    r"|[a-z]+(?:[A-Z][a-z]+)*"
    r"(?:Pass(?:word|wd|phrase)?|Pwd|Secret|Token|(?:Api)?Key|Cred(?:ential)?s?|Auth)"
)
"""The name of a secret where its value would be: a lower-case name joined by `_`, `-` or `.`,
or a camel-case name, whose last part is a credential noun (`redis-password`, `db_password`,
`mongodb-secret`, `basic-auth`, `sqlAdminPassword`, `vmAdminPassword`). Config languages refer
to a secret by such a name (a Helm chart's `existingSecret: redis-password`, a Bicep parameter
`administratorLoginPassword: sqlAdminPassword`, a key vault's `getSecret('vmAdminPassword')`):
it says where the secret is, never what. Its parts are letters: capitalized names
(`MySecretPassword`) and names holding a symbol or a digit (`mySecret789`, `myC0mpl3xPwd`,
`secur3Pass`: people's passwords) are judged."""
_MEMBER = r"[A-Za-z_]\w*(?:\([^()\s]*\)|\[[^\[\]\s]*\])*"
_MEMBER_CHAIN = re.compile(rf"{_MEMBER}(?:\.{_MEMBER})+")
"""An expression of member access: names joined by dots, with a call or a subscript among them
(`storageAccount.listKeys().keys[0].value`, `kv.secrets[0].value`): code reading a secret
from somewhere, no value of its own."""


def is_placeholder(value: str) -> bool:
    """Placeholders, references and ordinary words: not secrets; also the name of a secret
    (`_SECRET_NAME`) and an expression of member access (`_MEMBER_CHAIN`)."""
    bare = value.strip("\"'` ")
    if len(bare) < 3 or bare.lower() in _STOPWORDS or bare.lower() in _STATES:
        return True
    if _SECRET_NAME.fullmatch(bare) is not None:
        return True
    if ("(" in bare or "[" in bare) and _MEMBER_CHAIN.fullmatch(bare) is not None:
        return True
    return _PLACEHOLDER.fullmatch(bare) is not None


def unit_follows(match: re.Match[str], end: int) -> bool:
    """'12 characters', '8位': a number describing the secret, not the secret."""
    value = match.string[match.start("vu") : end] if match.groupdict().get("vu") else ""
    return value.isdigit() and len(value) <= 3 and _UNITS.match(match.string, end) is not None


_CODE_REFERENCE = re.compile(
    r"(?:[a-z_]\w*\.)*_*(?:[a-z]+_)*(?:password|passwd|passphrase|pwd|pw|pass|token|secret|key"
    r"|authkey|apikey|auth|authorization"
    r"|[a-z][a-z0-9]*(?:Password|Passwd|Passphrase|Pwd|Pass|Token|Secret|Key|ApiKey|Auth))"
    r"(?:[\[.(,].*)?"
)
_NUMBER = re.compile(r"0[xob][0-9a-fA-F_]+|\d+")


def code_like(value: str, op: str | None, key: str) -> bool:
    """`password = password`, `self._pwd = pwd`, `token = token[1:]`, `token == 0x08`:
    a variable or literal in source code, not a secret. A bare word is only taken for a
    variable when it is the key itself (`password=monkey` and `password=secret` are masked)."""
    if _CODE_REFERENCE.fullmatch(value) and (
        value.lower() == key or any(c in value for c in "._[(")
    ):
        return True
    return op == "==" and _NUMBER.fullmatch(value) is not None
