"""Leaving a job or a home: 我从阿里离职了 / 我从北京搬走了 / 他离开了腾讯.

The segmenters glue the place to the verb (阿里离职), so these are read off the clause text:
从X离职/辞职/退休 and 离开X -> works_at X (member_of X when X is a body one is a member of:
离开了工会, see `[membership]` in predicates.toml); 退出X -> member_of X, only for such a body
(surface `QUIT`; 退出这个群 stays what the clause reader made of it); 从X搬走/搬出(去) -> lives_in
X; 被X裁员/开除/辞退/解雇 (a dismissal of the clause's subject) -> works_at X. Each fact has
polarity -1 and change "ends": the state stopped holding at the statement's time.
"""

from __future__ import annotations

import re

_FROM = re.compile(
    r"从(?P<obj>[^，,。；从]{1,20}?)(?P<verb>离职|辞职|退休|搬走|搬出去|搬出来|搬出)"
)
_LEAVE = re.compile(
    r"(?P<verb>离开|辞去|退出)了?(?P<obj>[^，,。；]{1,20}?)(?:的工作|的职位)?(?:了)?(?=[，,。；！]|$)"
)
_DISMISSED = re.compile(
    r"被(?P<obj>[^，,。；被给]{1,20}?)给?(?P<verb>裁员|裁掉|裁了|开除|辞退|解雇|炒鱿鱼|炒掉|炒了)"
)
"""A dismissal in the passive of the clause's subject: 我被阿里巴巴裁员了 -> works_at 阿里巴巴
ends."""
_MOVE_WORDS = ("搬",)
QUIT = "退出"


def left(clause: str) -> list[tuple[str, str, tuple[int, int]]]:
    """(predicate surface, value, value span in `clause`) for each leaving in the clause."""
    found: list[tuple[str, str, tuple[int, int]]] = []
    for match in _FROM.finditer(clause):
        surface = "住在" if match.group("verb").startswith(_MOVE_WORDS) else "在职"
        found.append((surface, match.group("obj"), match.span("obj")))
    for match in _DISMISSED.finditer(clause):
        found.append(("在职", match.group("obj"), match.span("obj")))
    for match in _LEAVE.finditer(clause):
        surface = QUIT if match.group("verb") == QUIT else "在职"
        found.append((surface, match.group("obj"), match.span("obj")))
    return found
