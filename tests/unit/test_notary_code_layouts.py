"""How programs and shells write a password beside its name, probed from the languages'
documented syntax (Rust, Windows' `setx`, Python's `requests`, Java's `java.net`, PHP's
`mysqli`) with short passwords of our own: by class, each failing before.

* **a reference type between a name and `=`**: Rust's `let password: &str = "x"` is a type
  annotation, as `password: str = "x"` is;
* **`setx NAME value`**: Windows' command sets a variable by name and value with a space
  between, as Dockerfile's `ENV NAME value` does;
* **a (user, password) pair after a word that names the pair** (`auth`, `basic_auth`,
  `credentials`): its second element is a password, a word too (`auth=("bob", "letmein")`);
  a pair after another word (`order_key = ("name", "desc")`) is no credential;
* **a password converted on the spot** in a credential constructor (`new
  PasswordAuthentication("u", "x".toCharArray())`);
* **a client constructed, not called** (`new mysqli("h", "root", "x", "db")`): the password
  given by position is found whether or not the text holds the word `connect`;
* **HTML's `<meta name="api-key" content="x">`**: `content` is the value field of a name field;
* **a property list's `<key>Password</key>` then `<string>x</string>`** (Apple's plist): the
  typed element after a key holds its value, as Hadoop's `<value>` after `<name>` does.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

MASKED = [
    # a reference type between a name and `=`
    ('let password: &str = "bluecats";', "bluecats"),
    ('let db_password: &str = "letmein";', "letmein"),
    # setx NAME value
    ("setx PASSWORD letmein", "letmein"),
    ("SETX API_TOKEN bluecats", "bluecats"),
    # a pair after a word that names the pair
    ("requests.get(url, auth=('user', 'letmein'))", "letmein"),
    ("basic_auth = ('admin', 'letmein')", "letmein"),
    ("credentials = ['admin', 'Tiger']", "Tiger"),
    # a password converted on the spot
    ('new PasswordAuthentication("u", "bluecats7".toCharArray())', "bluecats7"),
    ('new PasswordAuthentication("u", "letmein".toCharArray())', "letmein"),
    # a client constructed, not called
    ("$db = new mysqli('h', 'root', 'bluecats7', 'db');", "bluecats7"),
    # HTML's meta name and content
    ('<meta name="api-key" content="bluecats7">', "bluecats7"),
    # a property list's key and typed value
    ("<key>Password</key>\n<string>bluecats</string>", "bluecats"),
    ("<key>APIToken</key><string>hardcoded7</string>", "hardcoded7"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_a_password_in_code_layouts_is_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


KEPT = [
    "let key: Option<String> = None;",
    'let password: &str = "";',
    "setx PATH C:\\bin",
    "setx PASSWORD_FILE C:\\secrets\\pw.txt",
    "order_key = ('name', 'desc')",
    "sort_key = ['name', 'asc']",
    "auth_type = ('basic', 'digest')",
    "auth = ('user', os.environ['PW'])",
    "auth=('user', 'password')",
    "auth = ('user', getpass())",
    '<meta name="description" content="Password manager">',
    '<meta name="api-key" content="{{ key }}">',
    "<key>PasswordPolicy</key>\n<string>strict</string>",
    "<key>Password</key>\n<string></string>",
]


@pytest.mark.parametrize("text", KEPT)
def test_types_and_other_pairs_are_kept(text: str) -> None:
    assert notarize(text).text == text
