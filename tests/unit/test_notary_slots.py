"""What is no credential though it sits where one would: by class, each failing before.

* **a value naming its own slot**: the value is the credential word its name ends with, in any
  case (`token: Token`, `DB_PASSWORD=Password`, `mysql -ppassword`): a template or a heading;
* **a one-letter flag with its value glued on** is no flag named for a secret (`-ppassword mydb`
  is getopt's `-p` and the value `password`; `mydb` is the database);
* **a reference with no value of its own**: `${PASSWORD:-$OTHER}`, `${DB_PASS:-${FALLBACK}}`,
  whatever rule reads it;
* **a time named as one** after a provider's name (`X-Amz-Date=20211011T165700Z`): when, not
  what.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

SLOT_NAMES = [
    "token: Token",
    "Token: Token",
    "token: TOKEN",
    "secret: Secret",
    "password: Password",
    "password: PASSWORD",
    'password: "Password"',
    "DB_PASSWORD=Password",
    "auth_token: token",
    "api_key: ApiKey",
    "api_key: apikey",
    '{"token": "Token"}',
    "<password>Password</password>",
    "mysql -uroot -ppassword mydb",
    "mysql -uroot -pPASSWORD mydb",
]


@pytest.mark.parametrize("text", SLOT_NAMES)
def test_a_value_naming_its_own_slot_is_kept(text: str) -> None:
    assert notarize(text).text == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password: secret", "secret"),
        ("token: Tr0ub4dor3x", "Tr0ub4dor3x"),
        ("password: Passw0rd!", "Passw0rd!"),
        ("DB_PASSWORD=monkey", "monkey"),
        ("mysql -uroot -pmynewcreds mydb", "mynewcreds"),
        ("<password>hunter22</password>", "hunter22"),
    ],
)
def test_another_word_or_a_drawn_value_in_the_slot_is_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


@pytest.mark.parametrize(
    "text",
    [
        "mysql -uroot -ppassword mydb",
        "mysql -uroot -ppass mydb",
        "mysqldump -uroot -ptoken shop > shop.sql",
    ],
)
def test_a_one_letter_flag_with_its_value_glued_is_no_named_flag(text: str) -> None:
    masked = notarize(text).text
    assert "mydb" in masked or "shop >" in masked, masked


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("keytool -list -storepass Tr0ub4dor3", "Tr0ub4dor3"),
        ("java -jar x.jar -password Tr0ub4dor3", "Tr0ub4dor3"),
        ("app --db-password Tr0ub4dor3", "Tr0ub4dor3"),
        ("mysql -uroot -pTr0ub4dor3 mydb", "Tr0ub4dor3"),
    ],
)
def test_flags_named_for_a_secret_still_mask(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


@pytest.mark.parametrize(
    "text",
    [
        "x=${PASSWORD:-$OTHER}",
        "PASSWORD=${PASSWORD:-$OTHER}",
        "pass: ${DB_PASS:-${FALLBACK}}",
        "token: ${TOKEN:-${OTHER_TOKEN}}",
        "export DB_PASSWORD=${DB_PASSWORD:-${SECRET}}",
        "secret=${SECRET:-$FALLBACK_SECRET}",
        "see ${PASSWORD:-$OTHER}.",
        "set it as `${PASSWORD:-$OTHER}`, then restart",
    ],
)
def test_a_reference_whose_default_is_a_reference_holds_no_value(text: str) -> None:
    assert notarize(text).text == text


@pytest.mark.parametrize(
    "text",
    ["password: ${DB_PASSWORD:-Tr0ub4dor3x}", "x=${PASSWORD:-Tr0ub4dor3x}"],
)
def test_a_default_that_is_a_value_is_still_masked(text: str) -> None:
    assert "Tr0ub4dor3x" not in notarize(text).text


@pytest.mark.parametrize(
    "text",
    [
        "X-Amz-Date=20211011T165700Z",
        "acmecloud_timestamp: 20211011T165700Z",
        "zenrows_expires=2026T1204X18",
    ],
)
def test_a_time_named_as_one_is_no_code(text: str) -> None:
    assert notarize(text).text == text


def test_a_presigned_url_keeps_its_object_and_loses_what_grants_access() -> None:
    url = (
        "https://b.s3.amazonaws.com/docs/guide.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256"
        "&X-Amz-Credential=AKIAIXACIED2SPMSC7GA%2F20211011%2Fus-east-1%2Fs3%2Faws4_request"
        "&X-Amz-Date=20211011T165700Z&X-Amz-Expires=172800"
        "&X-Amz-Security-Token=IQoJb3JpZ2luX2VjEJr%2F%2F%2FwEaCXVzLWVhc3QtMSJHMEUCIQD7"
        "&X-Amz-SignedHeaders=host"
        "&X-Amz-Signature=1d5134d3a84db0f7b1ece95fcf98387a0cc32ff131b6c95e6a80d3cd4b616a5c"
    )
    masked = notarize(url).text
    assert "docs/guide.pdf" in masked and "X-Amz-Date=20211011T165700Z" in masked
    for secret in ("AKIAIXACIED2SPMSC7GA", "IQoJb3JpZ2luX2VjEJr", "1d5134d3a84db0f7b1ece95"):
        assert secret not in masked


def test_the_name_before_a_credential_word_is_read_a_bounded_way_back() -> None:
    """A run of word characters without end (Chinese text, `密码是密码是...`) is not read back to
    its start for every credential word in it: that walk made the worst case quadratic (35 s
    for 100 KB of `密码是`)."""
    from extractors.notary.grammar import ASSIGNMENT, MAX_NAME, _name_start

    text = "密" * 5000 + "_password=Tr0ub4dor3x"
    match = ASSIGNMENT.search(text)
    assert match is not None
    assert match.start("k") - _name_start(match) <= MAX_NAME
    assert "Tr0ub4dor3x" not in notarize(text).text
