"""How people write a credential in config files and code, by class (docs/write.md, "The
grammar of named secrets"): each class is tried with several spellings written for this test
and values drawn from a seeded generator, never taken from a benchmark; and the references a
file writes where the value would be (variables, templates, tags, constants), which are kept.
"""

from __future__ import annotations

import random

import pytest

from extractors.notary.core import notarize

_RNG = random.Random("config classes")


def _password() -> str:
    """A person's password: a word with digits and a capital (`Falcon42river`)."""
    word = _RNG.choice(["falcon", "harbor", "maple", "copper", "willow", "ember"])
    return word.capitalize() + str(_RNG.randint(10, 99)) + _RNG.choice(["river", "moon", "x"])


def _masked(template: str, value: str) -> bool:
    text = template.format(value)
    return value not in notarize(text).text


CLASSES = {
    "owner glued to the password word": [
        "jdbc:mysql://db/app?user=app&userpass={}",
        "dbpass: {}",
        "ROOTPASSWORD={}",
        "adminpwd = '{}'",
        "curl --tlspassword {} https://localhost",
        "curl --proxy-tlspassword {} https://localhost",
        "mysqlpassword: {}",
    ],
    "XML element named by any credential word": [
        "<pwd>{}</pwd>",
        "<pass>{}</pass>",
        "<dbPassword>{}</dbPassword>",
        "<o1_hardcoded_pin>{}</o1_hardcoded_pin>",
        "<apiToken>{}</apiToken>",
        "<credentials><login>admin</login><passwd>{}</passwd></credentials>",
        "<environment>DB_PASSWORD={}</environment>",
    ],
    "quoted name then quoted value as arguments": [
        'define("DB_PASSWORD", "{}");',
        "define('static_password02', '{}', true);",
        'os.getenv("PASSWORD", "{}")',
        'environ.get("pwd", "{}")',
        'config.set("api_token", "{}")',
    ],
    "subscript named by a credential word": [
        "$config['db_password'] = '{}';",
        'settings["SECRET_KEY"] = "{}"',
        "ENV['API_TOKEN'] = '{}'",
    ],
    "e-mail address as a URL's user": [
        "smtp://bob@acme.io:{}@mail.acme.io:587",
        "https://bob@acme.io:{}@git.acme.io/repo.git",
    ],
    "e-mail address then a password": ["bob@acme.io:{}", "combo: alice.w+x@mail.acme.co.uk:{}"],
    "glued password flag with a quoted value": ["mysql -uroot -p'{}' app", 'mysqldump -p"{}"'],
    "drawn value holding = after a spaced word": ["client secret {}==", "secret key zBX={}@Sf"],
}
"""Each class of how a credential is written in a file, with spellings written for the test."""


@pytest.mark.parametrize(
    ("kind", "template"),
    [(kind, t) for kind, templates in CLASSES.items() for t in templates],
)
def test_a_credential_written_in_each_class_is_masked(kind: str, template: str) -> None:
    assert _masked(template, _password()), kind


def test_an_english_word_ending_in_pass_is_no_label() -> None:
    for template in ("bypass: {}", "the compass {}", "trespass = {}", "surpass: {}"):
        text = template.format("Falcon42river")
        assert notarize(text).text == text


def test_an_address_then_a_port_a_path_or_a_word_is_no_pair() -> None:
    for text in (
        "git@github.com:acme/Repo2.git",
        "bob@acme.io:8080",
        "mail bob@acme.io: Tuesday works",
        "deploy@web.acme.io:/var/www",
        "https://bob@acme.io:8080/path",
        'key tag="x" and token type=jwt',
    ):
        assert notarize(text).text == text


def test_a_list_of_field_names_is_no_argument_pair() -> None:
    for text in ('fields = ["password", "password_confirmation"]', "('token', 'refresh')"):
        assert notarize(text).text == text


REFERENCES = [
    "password: $${PYPI_PASSWORD}",
    "jdbc:mysql://localhost/db?user=app&password=$password",
    'let variable_password2 = "$password";',
    "$variable_password1 = $dbPass;",
    'String variable_password7 = "{ password }";',
    'String variable_password8 = System.getProperty("password");',
    'String token = Config.INSTANCE.get("token");',
    "Symfony_DB_Key: '%env(DB_SECRET_VALUE)%'",
    "secret: '%kernel.secret%'",
    "MasterUserPassword: !Ref 'MasterUserPassword'",
    "- CredstashKey: !ImportValue CredstashKey",
    "DbPassword: !Sub '{{resolve:secretsmanager:${Secret}}}'",
    "String variable_password1 = NONCOMPLIANT_APITOKEN;",
    "- DB_PASSWORD=DB_PASSWORD",
    "<environment>DB_PASSWORD=DB_PASSWORD</environment>",
    "TRAVEL_API_KEY: TRAVEL_API_KEY",
    "<password>password</password>",
    "wget --user=admin --password= https://localhost",
]


@pytest.mark.parametrize("text", REFERENCES)
def test_a_reference_where_the_value_would_be_is_kept(text: str) -> None:
    assert notarize(text).text == text


def test_a_constant_name_with_digits_or_one_part_is_still_a_value() -> None:
    assert _masked("password: {}", "SUMMER_2024_ROCKS7")
    assert _masked("DB_PASSWORD={}", "Tr0ub4dor3x")
