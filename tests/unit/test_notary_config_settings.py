"""What config files write beside a credential's name that is no credential, and how a
reference's default is masked: by class, each failing before (found on KICS' config-file
tests, the sixth source, and written here with values of our own).

* **a setting's state**: an access level or a switch (`id-token: write`, `contents: read`,
  `token: disabled`) says how, never what;
* **a colon path's segment**: a credential word between colons inside an identifier (an ARN's
  `:secret:name`, `{{resolve:secretsmanager:...:SecretString:password}}`) names a resource
  type or a field, not a value;
* **a nested key on the next line**: `PASSWORD:` then a more indented line that is itself a key
  (`Fn::Join:`, `  nested:`) opens a mapping, it is no value;
* **an action on the secret**: a name whose owner is a verb (`update_password`,
  `rotate_token`, `require_password`) is a setting: a word (`on_create`, `always`) is its
  option, a drawn or mixed value is still a secret;
* **a filler that names its slot with "some"** (`somekey`, `some_password`, `sometoken`);
* **a reference's syntax is never masked**: a default written into `${NAME:-default}` is masked
  alone, so the masked text still reads `${PASSWORD:-[REDACTED:password]}`.
"""

from __future__ import annotations

import re

import pytest

from extractors.notary.core import notarize

KEPT = [
    # a setting's state
    "permissions:\n  contents: read\n  id-token: write\n  pages: write",
    "id-token: write",
    "token: disabled",
    "api_token: read-only",
    # a colon path's segment
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-creds",
    "Value: '{{resolve:secretsmanager:MyDb:SecretString:password}}'",
    "- :secretsmanager:us-east-1:*:secret:tiny::}}",
    # a nested key on the next line
    "PASSWORD:\n  Fn::Join:\n    - ''\n    - - a",
    "password:\n  nested:\n    min: 12",
    # an action on the secret
    'update_password: "on_create"',
    "rotate_token: always",
    "require_password: everywhere",
    # a filler that names its slot with "some"
    "EncryptionKey: somekey",
    "password: some_password",
    "token = sometoken",
]


@pytest.mark.parametrize("text", KEPT)
def test_config_settings_beside_a_credential_name_are_kept(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    ("update_password: Tr0ub4dor3x", "Tr0ub4dor3x"),
    ("rotate_token: 9fQ2xLr7Kp", "9fQ2xLr7Kp"),
    ("password: writer", "writer"),
    ("PASSWORD:\n  Kite42sky", "Kite42sky"),
    ("EncryptionKey: Kite42sky", "Kite42sky"),
    ("token: somewhere7Q", "somewhere7Q"),
    ("arn_secret: x9Qz!42kLm", "x9Qz!42kLm"),
    ("//registry.npmjs.org/:_authToken=Kite42skyZ9", "Kite42skyZ9"),
    ("requirepass bluecatsgo", "bluecatsgo"),
    ("storePassword=bluecatsgo", "bluecatsgo"),
    ("enable_password: bluecatsgo", "bluecatsgo"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_credentials_beside_the_settings_are_still_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("x=${PASSWORD:-Tr0ub4dor3x}", "x=${PASSWORD:-[REDACTED:password]}"),
        ("x=${DB_PASSWORD:-Tr0ub4dor3x}", "x=${DB_PASSWORD:-[REDACTED:password]}"),
        ("run ${PASSWORD:-Tr0ub4dor3x} now", "run ${PASSWORD:-[REDACTED:password]} now"),
        ("x=${PASSWORD:Tr0ub4dor3x}", "x=${PASSWORD:[REDACTED:password]}"),
        ("x=${API_TOKEN:=Tr0ub4dor3x}.", "x=${API_TOKEN:=[REDACTED]}."),
        (
            "password: ${DB_PASSWORD:-Tr0ub4dor3x}",
            "password: ${DB_PASSWORD:-[REDACTED:password]}",
        ),
    ],
)
def test_a_references_default_is_masked_alone(text: str, masked: str) -> None:
    got = notarize(text).text
    assert got == masked or re.sub(r"\[REDACTED:\w+\]", "[REDACTED]", got) == masked
