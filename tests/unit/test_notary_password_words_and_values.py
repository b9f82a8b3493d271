"""Short config passwords: the key grammar (what makes a name a password's in several
languages) and the value grammar (a config value of a password against a reference, a switch),
by class, each failing before; written for this test from the config languages' syntax (YAML,
INI, .properties, .env, compose, .netrc) with names and values of our own, never from a held
half.

* **the password words of more languages**, also as config files abbreviate them: French
  `mdp` (*mot de passe*), Spanish `clave` (weak: it is also "key"), Catalan, Czech and
  Slovak, Hungarian, Croatian and Serbian, Slovenian, Estonian, Lithuanian, Basque,
  Indonesian, Malay;
* **digits after a password word of any language** are a password (`senha: 4821`), as after
  `password`;
* **a password equal to its user name or its name's owner** is masked where the name says it
  too (`user = app`, `login bob password bob`, `rootPassword: root`): a found value of three
  characters or more, wherever it stands as a whole word or a whole part of a name;
* **a reference with a scheme** (`file:/run/secrets/db`, `vault:secret/data/db#password`,
  `env:DB_PASSWORD`) says where the password is; **`off`** is a switch.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

MASKED = [
    # the password words of more languages
    ("mdp: soleil42", "soleil42"),
    ("MDP_DB=azerty", "azerty"),
    ("[bdd]\nutilisateur = app\nmdp = marmotte", "marmotte"),
    ("db_mdp: chouette", "chouette"),
    ("clave: hola123", "hola123"),
    ("clave=secreto", "secreto"),
    ("CLAVE_BD: tortuga", "tortuga"),
    ("contrasenya: gat2024", "gat2024"),
    ("heslo: tajne77", "tajne77"),
    ("jelszó=titok9", "titok9"),
    ("lozinka: tajna5", "tajna5"),
    ("geslo=skrivnost", "skrivnost"),
    ("parool: saladus", "saladus"),
    ("kata_sandi: rahasia8", "rahasia8"),
    # digits after a password word of any language
    ("senha: 4821", "4821"),
    ("heslo=9264", "9264"),
    ("mdp: 73519", "73519"),
    # a password equal to its user name or its name's owner
    ("[database]\nuser = app\npassword = app", "app"),
    ("machine ftp.internal login bob password bob", "bob"),
    ("auth:\n  user: eve\n  pass: eve", "eve"),
    ("rootPassword: root", "root"),
    ("jdbc:postgresql://db:5432/app?user=app&password=app", "app"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_short_config_passwords_are_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


KEPT = [
    # a reference with a scheme
    "password: file:/run/secrets/db",
    "password: vault:secret/data/db#password",
    "db_password: env:DB_PASSWORD",
    # a switch
    "password: off",
    # Spanish and French prose and references with the new words
    "la clave es la paciencia",
    "La clave del éxito es trabajar",
    "la clave de sol",
    "mdp oublié ?",
    "clave_api: ${API_KEY}",
    "mdp: true",
    "clave: null",
    "The app is open; the app user is app.",
]


@pytest.mark.parametrize("text", KEPT)
def test_no_password_is_kept(text: str) -> None:
    assert notarize(text).text == text


def test_a_repeat_is_masked_only_where_it_is_a_whole_word_or_part() -> None:
    masked = notarize("password = app\napplication: apps").text
    assert masked == "password = [REDACTED:password]\napplication: apps"


@pytest.mark.parametrize(
    ("text", "secret"),
    [("password: Admin:123", "Admin:123"), ("password: abc:def123", "abc:def123")],
)
def test_a_value_with_a_colon_that_is_no_address_is_masked_still(text: str, secret: str) -> None:
    assert secret not in notarize(text).text
