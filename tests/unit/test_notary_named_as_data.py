"""Credentials whose name is data, by class (docs/write.md, "The grammar of named secrets":
names given as data): a name field beside a value field, an element named by its attribute, a
(user, password) pair, a config directive glued to its password word, a pre-shared key; and the
structures and calls after a credential word that are no value. Spellings written for this test,
values drawn from a seeded generator, never taken from a benchmark.
"""

from __future__ import annotations

import random

import pytest

from extractors.notary.core import notarize

_RNG = random.Random("named as data")


def _password() -> str:
    """A person's password: a word with digits (`harbor2019`), sometimes a capital."""
    word = _RNG.choice(["falcon", "harbor", "maple", "copper", "willow", "ember", "qwerty"])
    word = word.capitalize() if _RNG.random() < 0.5 else word
    return word + str(_RNG.randint(10, 9999))


CLASSES = {
    "a name field, then its value field": [
        '<add key="DbPassword" value="{}"/>',
        "<add key='smtp.password' value='{}' />",
        '<property name="password" value="{}"/>',
        '<property name="jdbc.password" type="java.lang.String" value="{}"/>',
        '<param name="ApiToken" value="{}">',
        '{{"name": "DB_PASSWORD", "value": "{}"}}',
        '{{"ParameterKey": "DbPassword", "ParameterValue": "{}"}}',
        "- name: POSTGRES_PASSWORD\n  value: {}",
        "env:\n  - name: REDIS_PASS\n    value: '{}'",
        '{{ "Name": "MasterUserPassword", "DefaultValue": "{}" }}',
    ],
    "an element named by its attribute": [
        '<entry key="db.password">{}</entry>',
        '<setting name="Password" serializeAs="String">{}</setting>',
        "<value name='secret_key'>{}</value>",
    ],
    "a (user, password) pair": [
        'auth = ("admin", "{}")',
        "requests.get(url, auth=('deploy', '{}'))",
        'credentials = ["admin", "{}"]',
        'auth: ["admin", "{}"]',
        'auth=(user, "{}")',
        'session.auth = HTTPBasicAuth("admin", "{}")',
        "DigestAuth('svc', '{}')",
    ],
    "an element named by a credential word, its value in an attribute": [
        '<Password value="{}"/>',
        '<dbPassword type="string" value="{}"/>',
    ],
    "a YAML anchor or tag before the value": ["password: &db_pw {}", "db_password: !!str {}"],
    "a .pgpass line": [
        "db.example.com:5432:app:appuser:{}",
        "*:*:*:postgres:{}",
        "10.0.0.5:5432:app:app:{}",
    ],
    "a config directive glued to its password word": [
        "rootpw {}",
        "bindpw {}",
        "requirepass {}",
        "userpass {}",
    ],
    "a pre-shared key": ['psk="{}"', "wpa_psk={}", "pre-shared key: {}", "the PSK is {}"],
}


@pytest.mark.parametrize(
    ("kind", "template"),
    [(kind, t) for kind, templates in CLASSES.items() for t in templates],
)
def test_a_credential_whose_name_is_data_is_masked(kind: str, template: str) -> None:
    value = _password()
    assert value not in notarize(template.format(value)).text, kind


def test_the_user_name_of_a_pair_is_kept() -> None:
    value = _password()
    for template in ('auth = ("admin", "{}")', 'HTTPBasicAuth("admin", "{}")'):
        masked = notarize(template.format(value)).text
        assert '"admin"' in masked
        assert value not in masked


KEPT = [
    '<add key="PasswordPolicy" value="strict"/>',
    '<add key="DbPassword" value="$(DB_PASSWORD)"/>',
    '<add key="ApiKeyHeader" value="X-Api-Key"/>',
    '<add key="Timeout" value="30"/>',
    '<add key="Theme" value="dark2"/>',
    '{"name": "LOG_LEVEL", "value": "debug"}',
    '{"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db", "key": "pw"}}}',
    "secretKeyRef: {name: db}",
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db",
    '<entry key="password.min.length">12</entry>',
    "secret = bytes(password, 'utf-8')",
    'token = jwt.encode(payload, "HS256")',
    'print(key, ("x", "y"))',
    "session = ('a', 'b')",
    '<PasswordPolicy value="strict"/>',
    "the meeting is 10:30:45:00:12 ok",
    "12:30:00:00:ab12cd",
    "the bypass road 12",
    "a mountain pass 2000m",
    "I took the bypass yesterday",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_structure_a_call_or_a_word_is_no_value(text: str) -> None:
    assert notarize(text).text == text


def test_a_value_holding_its_own_brackets_is_still_judged() -> None:
    value = "{Xy7!k2q9}"
    assert value not in notarize(f"password={value}").text
    assert "abc(12x9" not in notarize("password=abc(12x9").text


COMMAND_CLASSES = {
    "a password piped to a command that reads one": [
        'RUN echo "root:{}" | chpasswd',
        "echo 'deploy:{}' | sudo chpasswd",
        'chpasswd <<< "bob:{}"',
        'echo "{}" | passwd --stdin bob',
        "echo {} | sudo -S apt-get update",
        'echo "{}" | docker login -u admin --password-stdin registry.example.com',
    ],
    "a spaced password flag of a tool that defines one": [
        "mongo -u admin -p {} --authenticationDatabase admin",
        "mongosh --host db -u app -p {}",
        "rabbitmqadmin -u guest -p {} list queues",
        'ldapsearch -x -D "cn=admin,dc=example,dc=org" -w {} -b dc=example,dc=org',
    ],
    "a password given by position to a call that connects or logs in": [
        'DriverManager.getConnection("jdbc:mysql://localhost/db", "root", "{}");',
        '$conn = mysqli_connect("localhost", "root", "{}", "shop");',
        "$pdo = new PDO($dsn, 'root', '{}');",
        'conn = pymysql.connect("localhost", "root", "{}", "shop")',
        'ssh.connect("bastion", 22, "ops", "{}")',
        'l.simple_bind_s("cn=admin,dc=example,dc=org", "{}")',
    ],
    "a Go data source name": [
        'sql.Open("mysql", "root:{}@tcp(127.0.0.1:3306)/test")',
        'dsn := "app:{}@unix(/var/run/mysqld/mysqld.sock)/shop"',
    ],
}


@pytest.mark.parametrize(
    ("kind", "template"),
    [(kind, t) for kind, templates in COMMAND_CLASSES.items() for t in templates],
)
def test_a_credential_on_a_command_line_or_in_a_call_is_masked(kind: str, template: str) -> None:
    value = _password()
    assert value not in notarize(template.format(value)).text, kind


COMMANDS_KEPT = [
    "echo $PASSWORD | docker login -u admin --password-stdin",
    "echo ${DB_TOKEN} | base64 -d",
    "echo hello world | grep hello",
    'echo "time: 12:30" | chpasswd',
    'client.connect("db.example.com", "app_user", pw)',
    'socket.connect(("10.0.0.1", 8080))',
    'conn = psycopg2.connect("host=db dbname=app user=app")',
    'connect("db", "root", "", "shop")',
    "I will connect with Anna, Bob2024 and Carol later",
    "mongo --host db2 --port 27017",
]


@pytest.mark.parametrize("text", COMMANDS_KEPT)
def test_a_variable_a_host_or_a_phrase_in_a_command_is_kept(text: str) -> None:
    assert notarize(text).text == text
