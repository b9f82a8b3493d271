"""Names people choose are never masked: user ids, project, host, package and branch names,
and the names tools make of words plus a short generated piece (a Kubernetes pod, a quarter).
A name may carry coded pieces; together they hold fewer characters than a key needs
(`notary.plugins.MIN_DRAWN`). The pieces are drawn from a seeded generator, so every class is
tried with many draws, never with one example.
"""

from __future__ import annotations

import random
import string

import pytest

from extractors.notary.core import notarize

_RNG = random.Random("names people choose")
_POD = "bcdfghjklmnpqrstvwxz2456789"
"""The alphabet Kubernetes draws a pod's suffix from."""
_LOWER = string.ascii_lowercase + string.digits
DRAWS = 40


def _draw(alphabet: str, size: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(size))


def _pod() -> str:
    return f"api-{_draw('0123456789abcdef', 9)}-{_draw(_POD, 5)}"


def _quarterly() -> str:
    return f"x509-certs-{_RNG.randint(2000, 2099)}q{_RNG.randint(1, 4)}"


def _user() -> str:
    return f"load-{_RNG.choice(['neo4j', 'k8s', 'gpt4o', 'i18n'])}-{_draw(_LOWER, 3)}-0"


CLASSES = {"pod": _pod, "quarterly": _quarterly, "user id": _user}


@pytest.mark.parametrize("kind", CLASSES)
def test_a_name_with_short_generated_pieces_is_kept(kind: str) -> None:
    for _ in range(DRAWS):
        text = f"the pod {CLASSES[kind]()} restarted"
        assert notarize(text).text == text


@pytest.mark.parametrize(
    "name",
    [
        "web-01.prod.example.com",
        "ip-10-0-12-34.ec2.internal",
        "feature/JIRA-1234-fix-login",
        "hotfix/ENG-992-oauth2-callback",
        "dependabot/npm_and_yarn/lodash-4.17.21",
        "numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64",
        "claude-3-5-sonnet-20241022",
        "mixtral-8x7b-instruct-v0.1",
        "coredns-565d847f94-8h9kx",
        "sg-0a1b2c3d4e5f67890",
        "DESKTOP-7F3K2QX",
    ],
)
def test_host_branch_package_and_model_names_are_kept(name: str) -> None:
    text = f"deploy {name} now"
    assert notarize(text).text == text


@pytest.mark.parametrize("size", [24, 32])
def test_a_name_with_a_long_drawn_piece_is_still_judged(size: int) -> None:
    """A drawn piece of `MIN_DRAWN` or more characters is a key's, whatever names sit around
    it (16-character draws between two words: 65% masked, before and after `MIN_DRAWN`)."""
    masked = 0
    for _ in range(DRAWS):
        token = f"acme-{_draw(string.ascii_letters + string.digits, size)}-prod"
        masked += token not in notarize(f"config: {token}").text
    assert masked >= 0.85 * DRAWS
