"""Where config files name or compute a secret instead of holding it: by class, each failing
before; written for this test from the languages' documented syntax (Helm values, Bicep, ARM,
Terraform, Dockerfiles), not from any benchmark file.

* **the name of a secret**: a lower-case name joined by `_`, `-` or `.`, or a camel-case name,
  whose last part is a credential noun, given where a value would be (a Helm chart's
  `existingSecret: redis-password`, a Bicep parameter `administratorLoginPassword:
  sqlAdminPassword`, a key vault's `getSecret('vmAdminPassword')`) says where the secret is;
* **an expression of member access**: names joined by dots with a call or a subscript among
  them (`storageAccount.listKeys().keys[0].value`) reads a secret from somewhere;
* **a call whose arguments start with a name**, cut at a space (`listKeys(storage.id,
  '2021-09-01')`), is a call, no value;
* **a further assignment after a space** whose value is a reference (a shell's `id=npm_token
  NPM_TOKEN=$(cat ...)`) is no value of the word before it;
* **a reference under one of Terraform's roots** (`var.secret_value`, `local.db_creds`,
  `each.value`) names a value declared elsewhere; compose's escaped `$$NAME` is a variable;
* **where a secret is kept**: a name ending in files, paths or dirs (`shared_credentials_files`)
  and a relative path after a config name and a space (`GITHUB_TOKEN ./build.sh`);
* **an OpenSSH public key** (`ssh-rsa AAAA...`, `ssh-ed25519 AAAA...`) is handed to every server
  it opens, never a secret by its look;
* **a negation before the word** (sudoers' `NOPASSWD:ALL`, `no_password: true`) says there is
  none: its value is an option; **a realm, scheme or method** of a credential is about it
  (`auth-realm: "Authentication Required"`); a secret's name ending in `auth` (`basic-auth`)
  names it; **a call opening a structure** (`jsonencode({`) is no value, its fields are judged.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

KEPT = [
    # the name of a secret
    "auth:\n  existingSecret: redis-password",
    "existingSecretPasswordKey: redis-password",
    "auth:\n  rootPassword: ''\n  existingSecret: mongodb-secret",
    "secretKeys:\n  adminPasswordKey: postgres-password",
    "secureSettings: {\n  password: adminPassword\n}",
    "administratorLoginPassword: sqlAdminPassword",
    "adminPassword: kv.getSecret('vmAdminPassword')",
    "password: keyVault.getSecret('sqlPassword')",
    "token: ci_deploy_token",
    "secret: aws-credentials",
    # an expression of member access
    "accountKey: storageAccount.listKeys().keys[0].value",
    "key: storage.listKeys().keys[0].value",
    "password: vault.secrets['db'].value",
    # a call whose arguments start with a name
    "password: listKeys(storage.id, '2021-09-01').keys[0].value",
    "token: fetchToken(client.id, scope)",
    # a further assignment after a space
    "RUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci",
    "export token NPM_TOKEN=$NPM_TOKEN",
    # a reference under one of Terraform's roots; compose's escaped variable
    'resource "x" "y" {\n  name  = "secret-sauce"\n  value = var.secret_value\n}',
    "secret_data = var.secret_data",
    "token = local.tokens[0]",
    'test: ["CMD", "mysqladmin", "ping", "-p$$MYSQL_ROOT_PASSWORD"]',
    # where a secret is kept
    'shared_credentials_files = ["$HOME/.aws/credentials"]',
    "RUN --mount=type=secret,id=github_token,env=GITHUB_TOKEN ./build.sh",
    # an OpenSSH public key
    'public_key = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQD3F6tyPEFEzV0LX3X8BsXdMsQz1x2cEikKDEY0aIj4'
    "1qgxMCP/iteneqXSIFZBp5vizPvaoIR3Um9xK7PGoW8giupGn+EPuxIA4cDM4vzOqOkiMPhz5XK0whEjkVzTo4+S0puv"
    "DZuwIsdiW9mxhJc7tgBNL0cYlWSYVkz4G/fslNfRPW5mYAM49f4fhtxPb5ok4Q2Lg9dPKVHO/Bgeu5woMc7RY0p1ej6D"
    "4CKFE6lymSDJpW0YHX/wqE9+cfEauh7xZcG0q9t2ta6F6fmX0agvpFyZo8aFbXeUBr7osSCJNgvavWbM/06niWrOvYX2x"
    'wWdhXmXSrbX8ZbabVohBK41 me@example.com"',
    "ssh_authorized_keys:\n  - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK0wmN/Cr3JXqmLW7u+g9pTh+wyqDHp"
    "SQEIQczXkVx9q me@laptop",
    # a negation; a realm, scheme or method; a name ending in auth; a call opening a structure
    'RUN echo "app ALL=(ALL) NOPASSWD:ALL" >> /etc/sudoers',
    "nginx.ingress.kubernetes.io/auth-secret: basic-auth",
    'nginx.ingress.kubernetes.io/auth-realm: "Authentication Required"',
    'secret_string = jsonencode({\n  username = "admin"\n  password = random_password.p.result\n})',
]


@pytest.mark.parametrize("text", KEPT)
def test_a_secret_named_or_computed_in_config_is_kept(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    ("password: MySecretPassword", "MySecretPassword"),
    ("password: mySecret789", "mySecret789"),
    ("password: myC0mpl3xPwd", "myC0mpl3xPwd"),
    ("password: secur3Pass", "secur3Pass"),
    ("pass: db1-password", "db1-password"),
    ("password: testpassword", "testpassword"),
    ("password: Tr0ub4dor3x", "Tr0ub4dor3x"),
    ("password: abc(12x9", "abc(12x9"),
    ("existingSecret: Kite42sky", "Kite42sky"),
    ("token zBXC=OArr@Sfi5", "zBXC=OArr@Sfi5"),
    ("token: x7.k2(Q)9!", "x7.k2(Q)9!"),
    ("password = data.x.Tr0ub4dor3x", "Tr0ub4dor3x"),
    ("password: $$Kite42sky!", "Kite42sky"),
    ("ENV GITHUB_TOKEN Kite42sky", "Kite42sky"),
    ("AAAAB3NzaC1yc2EAAAADAQABAAABAQD3F6tyPEFEzV0LX3X8BsXdMsQz1x2c", "AAAAB3NzaC1yc2EAAAADAQ"),
    ("sudo: NOPASSWD: Tr0ub4dor3x", "Tr0ub4dor3x"),
    ("auth: Kite42sky", "Kite42sky"),
    ('secret = jsonencode({ password = "Kite42sky" })', "Kite42sky"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_values_beside_the_names_are_still_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text
