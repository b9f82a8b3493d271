"""Ids and names that the unlabelled checks took for drawn keys, by class, each failing before;
found by the `kics-others` probe (KICS' other queries' negative files, tuned on), written here
with names and values of our own.

* **lower-case English words run together** (`boxexamplebucket`, a bucket or host named by
  a person) are no draw (`randomness.glued_words`);
* **a token after a name whose last word is an id** (`target_id = "..."`, `instanceId:`),
  holding no credential word, is an id named as one (`plugins._in_id_slot`); a name with a
  credential word (`secret_id`, `session_id`) is the grammar's, and masked;
* **an acronym ending in `ID`** (`webACLID`, `natGWID`) is its kind and an id
  (`owners.words_of`): no provider's code.
"""

from __future__ import annotations

import random
import string

import pytest

from extractors.notary.core import notarize

KEPT = [
    # lower-case English words run together
    '"Bucket": "boxexamplebucket"',
    "      - Ref: jukeboxqueuelogs",
    "DestinationBucket: examplebucketlogs",
    # a token after a name whose last word is an id
    '  target_id = "i-a9b8c7d6e5f4g3h2j"',
    'instanceId: "i-x9k2m4p6q8r0t2v4w"',
    'vpc_id = "vpc-k2m4n6p8q0r2s4t6"',
    # an acronym ending in ID
    "webACLID: 8c2d4e6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f",
    "natGWID: 0f1e2d3c-4b5a-4697-8877-665544332211",
]


@pytest.mark.parametrize("text", KEPT)
def test_ids_and_names_are_kept(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    ('secret_id = "x7Kq9LmP2vR8sT4wY6zB"', "x7Kq9LmP2vR8sT4wY6zB"),
    ("session_id: x7Kq9LmP2vR8sT4wY6zB", "x7Kq9LmP2vR8sT4wY6zB"),
    ("note x7Kq9LmP2vR8sT4wY6zB", "x7Kq9LmP2vR8sT4wY6zB"),
    ("zorbix: 8c2d4e6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f", "8c2d4e6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_keys_beside_them_are_masked_still(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


def test_drawn_lower_case_letters_are_no_glued_words() -> None:
    from extractors.notary.randomness import glued_words

    draw = random.Random(30)
    for size in (16, 20):
        for _ in range(1000):
            token = "".join(draw.choice(string.ascii_lowercase) for _ in range(size))
            assert not glued_words(token), token
