"""Structural families typed at a terminal or pasted from a file: command lines, config files
and password hashes, one rule each (the other families are in `notary.families`, whose
docstring lists what each rule covers)."""

from __future__ import annotations

import re

from extractors.notary.english import is_english
from extractors.notary.grammar import ASSIGN, checker, names_its_slot
from extractors.notary.rule import Rule, check_shaped, check_value
from extractors.notary.shapes import Shape, shape
from extractors.notary.values import QUOTED, VALUE, is_placeholder


def _check_cli_auth(match: re.Match[str], start: int, end: int) -> bool:
    """Only `user:password` carries a secret (`-u user` alone makes curl ask for it)."""
    value = match.string[start:end]
    return ":" in value and not is_placeholder(value.partition(":")[2])


_SHORT_GLUED = re.compile(r"-[A-Za-z]")
_ASSIGNED = checker(ASSIGN)


def _named_flag(match: re.Match[str], start: int, end: int) -> bool:
    """A flag named for a secret (`--password x`, `-storepass x`), not a one-letter flag with
    its value glued on (`-ppassword mydb`, `-ptoken`: getopt's `-p` and the value `password`,
    which the glued-flag rules judge; the next word is an argument, the database)."""
    if _SHORT_GLUED.fullmatch(match.string, match.start(), match.start("k")):
        return False
    return _ASSIGNED(match, start, end)


def _glued_password(match: re.Match[str], start: int, end: int) -> bool:
    """MySQL's glued `-p` value: any value but a placeholder or the slot's own word
    (`-ppassword`, `-pPASSWORD`: a template, `grammar.names_its_slot`)."""
    value = match.string[start:end]
    return check_value(match, start, end) and not names_its_slot(value, "password")


_WORD_HEAD = re.compile(r"[a-z]+")
_LONG_FLAG = re.compile(r"[a-z][\w.\-]*=")


def _glued_p(match: re.Match[str], start: int, end: int) -> bool:
    """A value glued to `-p` (`-pTr0ub4dor`) that is more than a word, unless the `p` starts a
    word or a name: a long flag written with one dash (`-port=8080`, Go's flags; `-profile=x`)
    or a word after a dash (`-private-`, `-public-`: pieces of a name joined in a template),
    where `p` and the letters after it are an English word or a name and `=` follows, or
    begin with one and a joiner follows (`'-publicip-'`, `-pip-`: a template's name pieces)."""
    value = match.string[start:end]
    if _LONG_FLAG.match(value):
        return False
    head = _WORD_HEAD.match(value)
    if head and is_english("p" + head.group()):
        return False
    if head and value.startswith(("-", "_"), head.end()) and _starts_a_word("p" + head.group()):
        return False  # `'-publicip-'`: a piece of a resource's name joined in a template
    return check_shaped(match, start, end)


MIN_NAME_WORD = 4


def _starts_a_word(letters: str) -> bool:
    """`letters` begin with an English word of `MIN_NAME_WORD` letters or more (`publicip`:
    public and an abbreviation)."""
    return any(is_english(letters[:size]) for size in range(len(letters), MIN_NAME_WORD - 1, -1))


_FLAG_WORDS = (
    r"password|passwd|pass|pwd|pw|passphrase|token|access-?token|auth-?token|api-?key|apikey"
    r"|secret|client-?secret|secret-?key|access-?key|storepass|keypass|srcstorepass"
    r"|deststorepass|passin|passout|rpcpassword|masterpassword"
)
_PASS_TOOLS = (
    r"sshpass|zip|sqlcmd|bcp|osql|docker(?:[ \t]+login|-compose)|podman[ \t]+login"
    r"|redis-cli|smbclient|openssl"
    r"|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|rabbitmqadmin"
)
"""Tools whose spaced `-p`/`-P`/`-a` takes a password. Not MySQL's: its `-p` takes one only
glued (`-pTr0ub4dor`; `mysql -u root -p mydb` prompts and names the database `mydb`) and its
`-P` is the port; nor OpenLDAP's, whose `-p` is the port (its password flag is `-w`)."""
_FLAG_NAME = rf"(?:[A-Za-z0-9]+[\-_.])*[a-z0-9]{{0,16}}(?P<k>(?i:{_FLAG_WORDS}))(?![\w\-])"
"""A flag's name after its dashes: any qualifiers, then a word naming a secret."""
_NO_FLAG = r"(?![\"']?(?:-[A-Za-z](?:[\"'\s]|$)|--[a-z]))"
"""What follows a flag is its value unless it is another flag."""
_FLAG_NEEDLES = ("pass", "pw", "token", "secret", "key", "storepass", "keypass")


def _listed_flag(match: re.Match[str], start: int, end: int) -> bool:
    """`_named_flag` for a flag written as a list item (`"--password", "x"`): not a one-letter
    flag with its value glued on (`"-ppassword"`)."""
    if _SHORT_GLUED.fullmatch(match.string, match.start("f"), match.start("k")):
        return False
    return _ASSIGNED(match, start, end)


COMMAND_LINES: tuple[Rule, ...] = (
    Rule(
        "{kind} command-line flag",
        re.compile(
            rf"(?:(?<![\w\-/])--?|(?<![^\s\"'])/){_FLAG_NAME}"
            rf"(?P<op>[ \t]*[=:][ \t]*|[ \t]+)(?!-[A-Za-z](?:\s|$)|--[a-z])"
            rf"(?:(?i:pass|env|file):(?=\S))?{VALUE}"
        ),
        3,
        _named_flag,
        needles=_FLAG_NEEDLES,
    ),
    Rule(
        "{kind} command-line flag",
        re.compile(rf"[\"'](?P<f>--?){_FLAG_NAME}[\"'][ \t]*,\s*(?P<op>){_NO_FLAG}{VALUE}"),
        3,
        _listed_flag,
        needles=_FLAG_NEEDLES,
    ),
    Rule(
        "{kind} command-line flag",
        re.compile(
            rf"^(?P<ind>[ \t]*)-[ \t]+[\"']?(?P<f>--?){_FLAG_NAME}[\"']?[ \t]*\r?\n"
            rf"(?P=ind)-[ \t]+(?P<op>){_NO_FLAG}{VALUE}",
            re.M,
        ),
        3,
        _listed_flag,
        needles=_FLAG_NEEDLES,
    ),
    Rule(
        "password on a command line",
        re.compile(rf"(?<![\w\-])-p(?:{QUOTED}|(?P<vu>[^\s\-'\"][^\s'\"]{{3,255}}))"),
        3,
        _glued_p,
        kind="password",
        needles=("-p",),
    ),
    Rule(
        "password on a command line",
        re.compile(
            rf"(?i:\b(?:{_PASS_TOOLS})\b)[^\n|;&]{{0,200}}?[ \t](?:-p|-P|-a|--pass)[ \t]+"
            rf"{VALUE}"
        ),
        3,
        check_value,
        kind="password",
        needles=(
            "sshpass",
            "zip",
            "sqlcmd",
            "bcp",
            "osql",
            "docker",
            "podman",
            "redis",
            "smbclient",
            "openssl",
            "mongo",
            "rabbitmqadmin",
        ),
    ),
    Rule(
        "password on a command line",
        re.compile(rf"(?i:\bldap\w{{0,16}}\b)[^\n|;&]{{0,200}}?[ \t]-w[ \t]+{VALUE}"),
        3,
        check_value,
        kind="password",
        needles=("ldap",),
    ),
    Rule(
        "password piped to a command",
        re.compile(
            rf"\becho(?:[ \t]+-[en]{{1,2}})*[ \t]+(?:{QUOTED}|(?P<vu>[^\s|'\"]{{1,256}}))[ \t]*\|"
            r"[ \t]*(?:sudo[ \t]+(?:-\w+[ \t]+)*)?(?:passwd\b[^\n|;&]{0,80}--stdin|-S\b"
            r"|[\w\-]+\b[^\n|;&]{0,120}--password-stdin)"
        ),
        3,
        check_value,
        kind="password",
        needles=("stdin", "-s"),
    ),
    Rule(
        "password piped to a command",
        re.compile(
            r"\b(?:echo(?:[ \t]+-[en]{1,2})*[ \t]+[\"']?|chpasswd[ \t]*<<<[ \t]*[\"']?)"
            r"[\w.\-]{1,64}:(?P<vu>[^\s:'\"|]{1,256})"
            r"(?=[\"']?(?:[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd|\s|$))"
        ),
        3,
        check_value,
        kind="password",
        needles=("chpasswd",),
    ),
    Rule(
        "password on a command line",
        re.compile(
            r"(?i:\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mariadb)\b)"
            rf"[^\n|;&]{{0,200}}?[ \t]-p(?:{QUOTED}|(?P<vu>[^\s\-'\"][^\s'\"]{{2,255}}))"
        ),
        3,
        _glued_password,
        kind="password",
        needles=("mysql", "mariadb"),
    ),
    Rule(
        "password on a command line",
        re.compile(r"(?i:\bsmbclient\b)[^\n]{0,200}?[ \t]-U[ \t]+[^\s%]+%(?P<vu>\S{1,256})"),
        3,
        check_value,
        kind="password",
        needles=("smbclient",),
    ),
    Rule(
        "password on a command line",
        re.compile(rf"(?i:convertto-securestring)(?:[ \t]+-string)?[ \t]+{VALUE}"),
        3,
        check_value,
        kind="password",
        needles=("convertto-securestring",),
    ),
    Rule(
        "credentials on a command line",
        re.compile(
            r"(?i:\b(?:curl|wget|http|https|httpie|xh|ab|lftp|ftp|svn|git)\b)[^\n]{0,300}?[ \t]"
            r"(?:-u|--user|-a|--auth|--proxy-user|-U)(?:=|[ \t]+)"
            rf"(?:{QUOTED}|(?P<vu>[^\s'\"]+))"
        ),
        2,
        _check_cli_auth,
        kind="password",
        needles=("-u", "--user", "-a", "--auth", "--proxy-user"),
    ),
    Rule(
        "cookie on a command line",
        re.compile(
            r"(?i:\bcurl\b)[^\n]{0,300}?[ \t](?:-b|--cookie)(?:=|[ \t]+)"
            rf"(?:{QUOTED}|(?P<vu>[^\s'\"]+=[^\s'\"]+))"
        ),
        2,
        check_value,
        kind="cookie",
        needles=("curl",),
    ),
)

_TOOL_FLAGS = (
    ("ssh-keygen", "-N", " "),
    ("ssh-keygen", "-P", " "),
    ("unzip", "-P", " "),
    ("(?:az|oc|cf|argocd|helm[ \\t]+registry)[ \\t]+login", "-p", " "),
    ("7za?|7zz", "-p", ""),
)
"""(tool, its password flag, how the value follows): the tools whose short flag takes a password
that is not `-p` spaced, each as its manual defines it (`ssh-keygen -N/-P`, `unzip -P`, the
cloud CLIs' `login -p`, 7-Zip's glued `-p`)."""
TOOL_FLAGS: tuple[Rule, ...] = tuple(
    Rule(
        "password on a command line",
        re.compile(
            rf"(?i:\b(?:{tool})\b)[^\n|;&]{{0,200}}?[ \t](?-i:{flag})"
            + (rf"[ \t]+{VALUE}" if joiner else rf"(?:{QUOTED}|(?P<vu>[^\s'\"]{{3,256}}))")
        ),
        3,
        check_value,
        kind="password",
        needles=("ssh-keygen", "unzip", "login", "7z"),
    )
    for tool, flag, joiner in _TOOL_FLAGS
)
_POSITIONAL = (
    r"\bnet[ \t]+user[ \t]+[^\s/]+[ \t]+",
    r"\bnet[ \t]+use\b[^\n]{0,200}?[ \t]/user:\S+[ \t]+",
    r"\bhtpasswd[ \t]+(?:-\w+[ \t]+)*?-[a-zA-Z]*b[a-zA-Z]*[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+\S+[ \t]+",
    r"\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+",
    r"\bmysqladmin\b[^\n|;&]{0,200}?[ \t]password[ \t]+",
    r"(?i:\bacl[ \t]+setuser\b)[^\n]{0,200}?[ \t]>",
    r"(?i:\bexpect\b[^\n]{0,120}?(?:password|passphrase)[^\n]{0,40}\n[ \t]*send[ \t]+)",
)
"""Where a command takes a password as a positional argument: `net user bob x /add`, `net use
... /user:bob x`, `htpasswd -b file bob x`, `rabbitmqctl add_user bob x`, `mysqladmin ...
password x`, Redis' `ACL SETUSER bob on >x`, and an expect script's `send` after a password
prompt."""
POSITIONAL_ARGUMENTS: tuple[Rule, ...] = tuple(
    Rule(
        "password on a command line",
        re.compile(rf"{head}(?:{QUOTED}|(?P<vu>[^\s/*'\"][^\s'\"]{{2,255}}))"),
        3,
        check_value,
        kind="password",
        needles=("net", "htpasswd", "rabbitmqctl", "mysqladmin", "setuser", "expect"),
    )
    for head in _POSITIONAL
)
_STDIN_READERS = (
    r"sudo[ \t]+(?:-\w+[ \t]+)*?-S\b|[^\n|;&]{0,200}?(?:--password-stdin|--passwd-stdin"
    r"|passwd[ \t]+--stdin)|chpasswd\b|kinit\b"
)
HERE_STRINGS: tuple[Rule, ...] = (
    Rule(
        "password piped to a command",
        re.compile(
            rf"(?i:\b(?:{_STDIN_READERS}))[^\n<]{{0,200}}?<<<[ \t]*"
            rf"(?:{QUOTED}|(?P<vu>[^\s|'\"]{{3,256}}))"
        ),
        3,
        check_value,
        kind="password",
        needles=("sudo", "stdin", "chpasswd", "kinit"),
    ),
)
"""A password written into a command's standard input as a here-string: `sudo -S ... <<< x`,
`kinit bob <<< x`, `docker login --password-stdin <<< x`."""

_CRYPT = (
    r"\$(?:2[abxy]?|1|5|6|apr1|y|7|gy|sha1|md5|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha\d+)?)\$"
    r"[\w./+=,$\-]{16,512}"
)
_USER_LINE = r"(?m)^[ \t]*[\w.\-@]{1,64}:"
_HASHED_USER = re.compile(rf"{_USER_LINE}{_CRYPT}[ \t]*$")
USER_FILE_WINDOW = 2000
"""How far around a `user:value` line a hashed sibling line is looked for (a file of users)."""


def _check_user_file(match: re.Match[str], start: int, end: int) -> bool:
    """A `user:value` line in a file of users whose passwords are hashed elsewhere in it
    (`.htpasswd`, a pwdump or shadow extract): a MIXED or RANDOM value is that user's password
    written in clear (Apache reads a plain one too). Without a hashed sibling, `name:value` is
    anything (a YAML key, a label, a host and port) and is judged by the other rules."""
    text = match.string
    if shape(text[start:end]) < Shape.MIXED:
        return False
    lo, hi = max(0, start - USER_FILE_WINDOW), min(len(text), end + USER_FILE_WINDOW)
    return any(h.start() != match.start() for h in _HASHED_USER.finditer(text, lo, hi))


CONFIG_FILES: tuple[Rule, ...] = (
    Rule(
        "password in a file of users",
        re.compile(rf"{_USER_LINE}(?P<vu>[^\s:$][^\s:]{{3,255}})[ \t]*$"),
        2,
        _check_user_file,
        kind="password",
        needles=("$",),
    ),
    Rule(
        "password in .pgpass",
        re.compile(
            r"(?m)(?:^[ \t]*|(?<=[ \t]))"
            r"(?:(?=[^:\s]*[A-Za-z*])[\w.\-*\[\]]{1,253}|(?:\d{1,3}\.){3}\d{1,3})"
            r":(?:\d{1,5}|\*):[\w.\-*]{1,63}:[\w.\-*@]{1,63}:"
            r"(?P<vu>[^\s:]{1,256})[ \t]*$"
        ),
        2,
        check_value,
        kind="password",
        needles=(":",),
    ),
    Rule(
        "password in .netrc",
        re.compile(
            r"(?i:\bmachine[ \t]+\S+(?:\s+login[ \t]+\S+)?\s+password)[ \t]+(?P<vu>\S{1,256})"
        ),
        2,
        check_value,
        kind="password",
        needles=("machine",),
    ),
)

_KERBEROS = r"\$krb5(?:asrep|tgs|pa)\$[\w$*.:/@\-]{32,4096}"
_NTLM = (
    r"(?<![\w\-])[\w.\-$]{1,64}::[\w.\-]{0,64}:[0-9a-fA-F]{16}:[0-9a-fA-F]{32}:[0-9a-fA-F]{32,2048}"
    r"|(?<![0-9a-fA-F])[0-9a-fA-F]{32}:[0-9a-fA-F]{32}(?![0-9a-fA-F])"
)
HASHES: tuple[Rule, ...] = (
    Rule(
        "password hash",
        re.compile(
            rf"(?:{_CRYPT}|{_KERBEROS}|pbkdf2_sha\d+\$\d+\$[\w./+=]{{4,}}\$[\w./+=]{{16,}})"
        ),
        1,
        whole=True,
        kind="password_hash",
        needles=("$",),
    ),
    Rule(
        "password hash",
        re.compile(_NTLM),
        1,
        whole=True,
        kind="password_hash",
        needles=(":",),
    ),
    Rule(
        "password hash",
        re.compile(r"\{S?SHA(?:256|512)?\}[A-Za-z0-9+/]{20,}={0,2}"),
        1,
        whole=True,
        kind="password_hash",
        needles=("sha}",),
    ),
)
