"""Identifiers and the credential words that govern them (docs/write.md, "Identifiers are not
secrets unless named as one").

A bare UUID, a hex run or a code of letters and digits is an id, a digest or a reference unless
a credential word governs it: right before it (the grammar's separators), a name or two before
it (`apikey acme <hex>`, `credentials: acme <uuid>`) or at the end of the line above it
(`acme token` then the key alone), or a provider's name, a coined word, is the key of its
assignment or stands before it quoted (`notary.owners`). Each class is tried with every
identifier shape; the values are drawn from a seeded generator, never taken from a benchmark.
"""

from __future__ import annotations

import random
import string

import pytest

from extractors.notary.core import notarize

_RNG = random.Random("identifiers")


def _draw(alphabet: str, size: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(size))


HEX = _draw("0123456789abcdef", 40)
UUID = "-".join(_draw("0123456789abcdef", n) for n in (8, 4, 4, 4, 12))
CODE = _draw(string.ascii_uppercase + string.digits, 12)
SHAPES = {"hex": HEX, "uuid": UUID, "code": CODE}

GOVERNED = [
    "apikey acme {}",
    "credentials: acme {}",
    "Secret for acme {}",
    "acme token\n{}",
    "token for acme:\n  {}",
    "ACME_API_KEY = {}",
    "acme secret: '{}'",
]
"""A credential word a name or two before the value, or at the end of the line above it."""

UNGOVERNED = [
    "request id: {}",
    "commit {} broke the build",
    "key id for acme {}",
    "token limit {}",
    "the key thing is {}",
    "public key acme {}",
    "order {} shipped",
    "trace {}",
]
"""An id word, a decoration of the word, ordinary senses of "key", a public value, or no
credential word at all."""


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("form", GOVERNED)
def test_an_identifier_a_credential_word_governs_is_masked(form: str, shape: str) -> None:
    value = SHAPES[shape]
    assert value not in notarize(form.format(value)).text


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("form", UNGOVERNED)
def test_an_identifier_no_credential_word_governs_is_kept(form: str, shape: str) -> None:
    text = form.format(SHAPES[shape])
    assert notarize(text).text == text


_SYLLABLES = ("zor", "vex", "quan", "tilo", "brix", "ly", "kru", "dex", "omni", "pulz")
COINED = "".join(_RNG.sample(_SYLLABLES, 3))
"""A service's name as services coin them: syllables English does not have as a word."""

PROVIDER_GOVERNED = [
    "{name}: {value}",
    "{name} = '{value}'",
    "{name} '{value}'",
    "{upper}_ACCOUNT={value}",
    "mycli --{name}={value}",
    "setup for {name}\n{name}: {value}",
]
"""A coined name (a provider's) right before the value, with any separator."""

PROVIDER_NOT_GOVERNING = [
    "commit: {value}",
    "build {value} failed",
    "ticket '{value}'",
    "tenant: {value}",
    "sha256: {value}",
    "uuid {value}",
    "{name}_id: {value}",
    "{name}_version={value}",
    "{upper}_PUBLIC={value}",
    "{name} example: {value}",
    "{name} {value}",
    "pulled {name} {value} yesterday",
    "git show --stat {value}",
    "git log --since {value}",
]
"""English words, an id kind's abbreviation, a name ending in an id word, a public or example
value: the name says what the id is, not whose credential it is; a name and an unquoted value
with spaces alone between is prose (`nginx <sha>`)."""


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("form", PROVIDER_GOVERNED)
def test_an_identifier_a_provider_name_governs_is_masked(form: str, shape: str) -> None:
    value = SHAPES[shape]
    text = form.format(name=COINED, upper=COINED.upper(), value=value)
    assert value not in notarize(text).text


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("form", PROVIDER_NOT_GOVERNING)
def test_an_identifier_named_as_an_id_is_kept(form: str, shape: str) -> None:
    text = form.format(name=COINED, upper=COINED.upper(), value=SHAPES[shape])
    assert notarize(text).text == text
