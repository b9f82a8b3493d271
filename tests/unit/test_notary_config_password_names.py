"""Short config passwords under names the grammar reads, probed from the config languages'
syntax with values of our own (`abc123`, `root`, `p@ss`; each class failing before):

* **an XML element named by a credential name with a qualifier after the word**
  (`<password_db>`, `<pass_word>`, `<password1>`, `<PWD_DB>`), as `password_db: x` is read; a
  qualifier naming something about the secret (`<password_policy>`, `<token_ttl>`) is none;
* **the last credential word of a name says its kind** (`AUTH_PASSWORD`, `secret_pw`,
  `auth_pass`: a password, whose every value a person may choose, `abc123` too; before, the
  kind was the first word's, and a counting run in a token's slot is a stand-in);
* **the password words of other languages** (`senha`, `contraseña`, `Kennwort`) name a
  password's kind, as they name a strong word.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

VALUES = ("abc123", "root", "p@ss", "qwerty1")

MASKED = [
    "<password_db>{v}</password_db>",
    "<pass_word>{v}</pass_word>",
    "<pass-word>{v}</pass-word>",
    "<password1>{v}</password1>",
    "<pwd_2>{v}</pwd_2>",
    "<PWD_DB>{v}</PWD_DB>",
    "<AUTH_PASSWORD>{v}</AUTH_PASSWORD>",
    "AUTH_PASSWORD={v}",
    "secret_pw: {v}",
    '"auth_pass": "{v}",',
    "senha: {v}",
    "contrasena = {v}",
    "Kennwort: {v}",
]


@pytest.mark.parametrize("layout", MASKED)
@pytest.mark.parametrize("value", VALUES)
def test_short_config_passwords_are_masked(layout: str, value: str) -> None:
    assert value not in notarize(layout.format(v=value)).text


KEPT = [
    "<password_policy>strict</password_policy>",
    "<token_ttl>3600</token_ttl>",
    "<key_id>abc123</key_id>",
    "<passage>hello</passage>",
    "<keyboard>us</keyboard>",
    "<secret_name>db</secret_name>",
]


@pytest.mark.parametrize("text", KEPT)
def test_names_about_a_secret_are_kept(text: str) -> None:
    assert notarize(text).text == text
