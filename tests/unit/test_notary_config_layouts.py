"""Config layouts the grammar reads by class (docs/write.md, "Named records and config lines"):
a credential named in one field of a record and its value in another, a YAML value on the line
under its name, a YAML tag or anchor before a value, a config identifier and its value separated
by a space alone, MySQL's glued `-p`. Each class is tried with several spellings written for
this test and short word-and-digit passwords from a seeded generator (never from a benchmark);
the guards keep what these layouts hold that is no secret.
"""

from __future__ import annotations

import random

import pytest

from extractors.notary.core import notarize

_RNG = random.Random("config layouts")


def _password() -> str:
    """A short password a person picks: a word and digits (`harbor42`), sometimes a capital."""
    word = _RNG.choice(["harbor", "maple", "copper", "willow", "ember", "falcon", "dbpass"])
    word = word.capitalize() if _RNG.random() < 0.5 else word
    return word + str(_RNG.randint(1, 2030))


def _letters() -> str:
    """A password of lower-case letters only, not an English word (`mynewcreds`)."""
    return _RNG.choice(["mynewcreds", "bluecatsgo", "rootsecretz", "zorkpassy"])


CLASSES = {
    "a naming field then a value field in one record": [
        "env:\n- name: DB_PASSWORD\n  value: {}",
        '- name: "db_password"\n  value: "{}"',
        '{{"name": "db_password", "value": "{}"}}',
        '{{"Key": "ApiToken", "Value": "{}"}}',
        '<add key="DbPassword" value="{}" />',
        '<property name="db.password" value="{}"/>',
        "aws ssm put-parameter --overwrite Name=DB_PASSWORD,Value={}",
        "ParameterKey=MasterUserPassword,ParameterValue={}",
    ],
    "the value field first in one record": [
        '<add value="{}" key="smtp.password" />',
        '{{"value": "{}", "name": "SECRET_TOKEN"}}',
    ],
    "an element named by its attribute": [
        '<entry key="password">{}</entry>',
        '<entry key="jdbc.password">\n  <value>{}</value>\n</entry>',
        '<setting name="AdminPassword" serializeAs="String">\n<value>{}</value>',
    ],
    "an element pair": [
        "<name>javax.jdo.option.ConnectionPassword</name>\n<value>{}</value>",
        "<property>\n  <name>ssl.keystore.password</name>\n"
        "  <description>the store's</description>\n  <value>{}</value>",
    ],
    "a YAML value on the line under its name": [
        "password:\n  {}",
        "db:\n  password:\n    {}",
        "api_token:\n    '{}'",
    ],
    "a YAML tag or anchor before the value": [
        "initial_admin_password: !!str {}",
        "password: !!binary {}",
    ],
    "a config identifier and its value separated by a space": [
        "ENV DB_PASSWORD {}",
        "requirepass {}",
        "rootpw {}",
        "db.password {}",
        "AuthLDAPBindPassword {}\n",
        "admin_password\t{}",
    ],
    "a config identifier, a comma and a quoted value": [
        "define('DB_PASSWORD', '{}');",
        'props.setProperty("mail.smtp.password", "{}");',
    ],
    "a YAML anchor before the value": [
        "password: &pw {}",
        "defaults: &defaults\n  password: &dbpw {}",
    ],
    "a make or grammar assignment operator": [
        "PASSWORD ?= {}",
        "DB_PASSWORD += {}",
        "password ::= {}",
    ],
    "a braced connection-string value": [
        "Pwd={{{}}};",
        "Driver={{ODBC Driver 18}};Server=x;Uid=u;Pwd={{{}}};",
    ],
    "a block named by a credential name with a default": [
        'variable "db_password" {{\n  default = "{}"\n}}',
        'variable "admin_password" {{\n  type      = string\n  default   = "{}"\n}}',
    ],
    "an element named by a credential word, its value in CDATA or a value attribute": [
        "<password><![CDATA[{}]]></password>",
        '<Password value="{}"/>',
        "<adminPassword value='{}' />",
    ],
    "a password set in SQL for a user": [
        "SET PASSWORD FOR 'app'@'%' = '{}';",
        "SET PASSWORD FOR bob = PASSWORD('{}');",
    ],
    "a password piped to a command that reads standard input": [
        "echo '{}' | sudo -S apt update",
        "echo {} | docker login -u bob --password-stdin",
        "sudo -S apt update <<< {}",
    ],
    "a pre-shared key": [
        'psk="{}"',
        'network={{\n  ssid="home"\n  psk="{}"\n}}',
        "pre_shared_key: {}",
    ],
    "the password word of other languages": [
        "Passwort: {}",
        "Kennwort={}",
        "mot de passe: {}",
        "contraseña: {}",
        "senha={}",
        "wachtwoord: {}",
        "пароль: {}",
        "パスワード: {}",
        "비밀번호: {}",
        "hasło: {}",
        "şifre: {}",
    ],
    "a config identifier joined by a mark or hump, a space and a value": [
        "rclone config create r s3 secret_access_key {}",
        "apiToken {}",
    ],
    "the password flag of the tool that defines one": [
        "ldapsearch -x -D cn=admin,dc=x -w {} -b dc=x",
        "ssh-keygen -P old -N '{}' -p -f key",
        "unzip -P {} a.zip",
        "mongosh -u admin -p {}",
        "oc login -u bob -p {} https://api:6443",
        "7z a -p{} x.7z x",
    ],
    "a password as a command's positional argument": [
        "net user bob {} /add",
        "net use \\\\srv\\share /user:corp\\bob {}",
        "htpasswd -b /etc/nginx/.htpasswd bob {}",
        "rabbitmqctl add_user bob {}",
        "mysqladmin -u root password {}",
        "ACL SETUSER bob on >{} ~* +@all",
        'expect "Password:"\nsend "{}\\r"',
    ],
    "a .pgpass line, also after a lead-in": [
        "localhost:5432:appdb:app:{}",
        "my pgpass: *:*:*:postgres:{}",
    ],
    "a credential constructor given a user and a password": [
        'new NetworkCredential("bob", "{}")',
        'new UsernamePasswordCredentials("bob", "{}")',
    ],
    "a mapping or list named by a credential word": [
        "passwords:\n  min_length: 12\n  admin: {}",
        "service_passwords:\n  user_min_length: 8\n  root: {}",
        "passwords:\n  - {}",
        "tokens:\n  deploy: {}",
    ],
    "a default written into a reference named for a secret": [
        "spring:\n  datasource:\n    password: ${{DB_PASSWORD:{}}}",
        "password: ${{DB_PASSWORD:-{}}}",
        "export SERVICE_API_TOKEN=${{API_TOKEN:-{}}}",
        "environment:\n  - REDIS_PASSWORD=${{REDIS_PASSWORD:={}}}",
    ],
    "MySQL's glued password flag": [
        "mysql -u root -p{} app",
        "mysqldump -uroot -p{} --all-databases",
    ],
}
CASES = [(kind, template) for kind, templates in CLASSES.items() for template in templates]


@pytest.mark.parametrize(("kind", "template"), CASES, ids=[f"{k}: {t}" for k, t in CASES])
def test_a_short_password_in_each_layout_is_masked(kind: str, template: str) -> None:
    for value in (_password(), _password(), _letters()):
        text = template.format(value)
        assert value not in notarize(text).text, (kind, text)


def test_a_block_scalar_is_masked_on_every_line() -> None:
    first, second = _password(), _password()
    text = f"password: |\n  {first}\n  {second}\nuser: bob"
    masked = notarize(text).text
    assert first not in masked and second not in masked
    assert masked.endswith("\nuser: bob")


@pytest.mark.parametrize(
    "text",
    [
        "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n"
        "      key: password\n- name: DEBUG\n  value: yes1",
        '<add key="PasswordLength" value="12"/>',
        '{"name": "password", "value": "${DB_PASS}"}',
        '{"name": "password", "value": ""}',
        "password:\n  user: bob",
        "password:\n  - first\n  - second",
        "Password:\n  Must be 12 characters long",
        "location / { proxy_pass http://backend; }",
        "location ~ \\.php$ { fastcgi_pass unix:/run/php.sock; }",
        "mysql -u root -p mydb",
        "mysql -h db -P 3306 -u app -p",
        "password: !Ref DbPassword",
        "the mountain pass was closed",
        "check the admin_password setting in the panel",
        'props.put("password", "Passwort")',
        "Password={password};",
        'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
        'echo "$PASSWORD" | sudo -S apt update',
        '<Password value="${DB_PASSWORD}"/>',
        "auth=(user, password)",
        "la parola chiave è importante",
        "wifi psk: see the router",
        "ldapsearch -x -h db -p 389 -b dc=x",
        "net user bob /add",
        "net user bob * /add",
        "passwords:\n  min_length: 12\n  policy: strict",
        "keys:\n  - ssh-rsa AAAAB3Nza bob",
        "meeting at 10:30:45:12:59",
        "x=${TOKEN:?must be set}",
        "${TOKEN:+yes}",
        "port: ${DB_PORT:-5432}",
        "url: ${SECRET_URL:-}",
        'if child.dep_ in ("nsubj", "nsubjpass", "expl", "csubj"):',
        'return any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children)',
        'DEPS = frozenset({"nsubj", "nsubjpass", "expl", "amod"})',
        "    if token.text in _CLOSERS or token.is_space:\n        break",
        "    while password_tries:\n        retry",
    ],
)
def test_what_these_layouts_hold_that_is_no_secret_is_kept(text: str) -> None:
    assert notarize(text).text == text
