"""What infrastructure-as-code files write where a credential's value would be and is none: an
expression of their own language. By class, each failing before; written for this test from
the languages' documented syntax (GitHub Actions, Helm, Terraform, ARM, Bicep), not from any
benchmark file.

* **a template expression**: `${{ secrets.NPM_TOKEN }}` (GitHub Actions), `{{ .Values.x |
  quote }}` (Helm): its opening is no value, and a credential word inside one is the
  template's code, no label;
* **an attribute reference**: an unquoted dotted path of lower-case names (`data.aws_x.db.
  secret_string`, Terraform's references to another block's attribute);
* **a value that is its own name**: `adminPassword: adminPassword` (Bicep's shorthand, a
  template's slot), as `password: password` already was;
* **a template function call in brackets**: ARM's `"[parameters('adminPassword')]"`;
* **a path of lower-case words**: a key's alias or an object's key (`alias/aws/s3`,
  `app/config.json`, `prod/db/password`) names a place, never a drawn value;
* **a JSON object as a value** (`SecretStringTemplate: '{"username": "admin"}'`) is a
  structure: its fields are judged by their own names;
* **a file's path** of words (`--kubelet-client-key=/etc/kubernetes/pki/x.key`) is where a key
  is kept, not the key.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

KEPT = [
    # a template expression
    "token: ${{ secrets.NPM_TOKEN }}",
    "password: ${{ secrets.DOCKER_PASSWORD }}",
    "github-token: ${{ github.token }}",
    "with:\n  token: ${{ secrets.CODECOV }}",
    "password: {{ .Values.db.password | quote }}",
    'token: {{ required "token" .Values.token }}',
    # an attribute reference
    "password = data.aws_secretsmanager_secret_version.db.secret_string",
    "master_password = module.db.outputs.admin_secret",
    "adminPassword: p.adminPassword",
    # a value that is its own name
    "adminPassword: adminPassword",
    "administratorLoginPassword: administratorLoginPassword",
    # a template function call in brackets
    '"adminPassword": "[parameters(\'adminPassword\')]"',
    '"password": "[reference(variables(\'vault\')).secret]"',
    # a path of lower-case words
    'encryption_key = "alias/aws/s3"',
    "EncryptionKey: alias/aws/s3",
    "key: app/config.json",
    "secret_name: prod/db/password",
    # a JSON object as a value
    'SecretStringTemplate: \'{"username": "admin"}\'',
    'secret = \'{"user": "app", "host": "db"}\'',
    # a file's path
    "- --kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key",
    "--tls-private-key-file=/var/lib/kubelet/pki/kubelet.key",
]


@pytest.mark.parametrize("text", KEPT)
def test_an_expression_in_a_credentials_place_is_kept(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    ("token: ghp_k7Qz2mX9pL4wR8vTq1Xy5Nb3Hc6Jd0Fs9Ga2", "ghp_k7Qz2mX9pL4wR8vTq1Xy5Nb3Hc6Jd0Fs9Ga2"),
    ("password: Kite42sky {{ x }}", "Kite42sky"),
    ("password = Tr0ub4dor.x9.Qz", "Tr0ub4dor.x9.Qz"),
    ("adminPassword: bluecatsgo", "bluecatsgo"),
    ("password: Kite/42sky", "Kite/42sky"),
    ("password = data.x.Tr0ub4dor3x", "Tr0ub4dor3x"),
    ('secret = \'{"password": "Kite42sky"}\'', "Kite42sky"),
    ("--db-password=/Kq9x/Zr7Lm2", "/Kq9x/Zr7Lm2"),
    (
        "token = 'https://acme.example/webhook/4j55coiuyiladq9ydao/u37txygi11dou8u2ttwe'",
        "4j55coiuyiladq9ydao/u37txygi11dou8u2ttwe",
    ),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_values_beside_the_expressions_are_still_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text
