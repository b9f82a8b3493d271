"""The benchmark's one-pass search of a large haystack (`leakcases.leaked_each`) answers what
the plain per-secret search (`leaked`) answers: any 12 characters of a secret, or a short secret
whole, anywhere in the haystack, binary bytes and line breaks around it included."""

from __future__ import annotations

import random

from bench.notary.cases import leaked, leaked_each

SECRETS = [
    "Tr0ub4dor&3x-long-enough-value",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "short-pw",
    "line-one\nline-two-of-a-key-block",
    "[bracket]-and-\\backslash-secret",
    "never-written-anywhere-at-all",
]


def _haystack(rng: random.Random) -> str:
    noise = bytes(rng.randrange(256) for _ in range(4000)).decode("latin-1")
    parts = [noise[:1000], SECRETS[0][3:17], noise[1000:2000], SECRETS[2], noise[2000:3000]]
    parts += [SECRETS[3][5:20], "ghp_abcdefghijk", noise[3000:], SECRETS[4][-12:]]
    return "".join(parts)


def test_one_pass_answers_as_the_plain_search() -> None:
    rng = random.Random(7)
    for _ in range(5):
        haystack = _haystack(rng)
        assert leaked_each(SECRETS, haystack) == [leaked(s, haystack) for s in SECRETS]


def test_a_window_at_either_end_of_the_haystack_is_found() -> None:
    haystack = SECRETS[1][:12] + "\x00\x01" + SECRETS[0][-12:]
    assert leaked_each(SECRETS[:2], haystack) == [True, True]
    assert leaked_each(SECRETS[:2], haystack[1:-1]) == [False, False]


def test_no_secret_longer_than_a_window() -> None:
    assert leaked_each(["abc", "short-pw"], "xx short-pw yy") == [False, True]
