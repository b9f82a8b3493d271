"""What KICS' authors' templates write in a credential's place that is no credential, by class,
each failing before; written for this test from the languages' documented syntax
(CloudFormation JSON and YAML, Bicep, ARM, Terraform, Ansible, API Gateway), with names and
values of our own. Found by the probe of KICS' other queries' negative files
(`bench/notary/kics.py:other_negatives`), never from the passwords query's held half.

* **a structure escaped inside a string** (`"{\\"username\\": \\"app\\"}"`, an IAM policy in
  a string) is judged as the text it holds: the string as a whole is no value, its fields are
  judged by their own names (a password inside is masked, and was missed before);
* **a word and a number** (`Stmt1702458000123`, an IAM statement id) is a name and a count,
  no random token;
* **an ARN** in a credential's slot names a resource (`encryption_key: arn:aws:kms:...`);
* **a variable's member** (`$context.routeKey`) is a reference as `$routeKey` is;
* **a name the same text declares** (a CloudFormation parameter `"UpstreamPassword": {`, a
  Bicep `param`) is a reference where a value would be, and masked nowhere in the text;
* **a piece of a resource's name after a dash** (`'-publicip-'`, `-pubnic-`) is no `-p` and a
  glued password;
* **a word of its own name in capitals** (`aws_secret_key: SECRET`) is a heading or slot;
* **a heredoc's opening** (`private_key = <<EOF`) is no value;
* **a block header after a lead-in** (`Note: resource "x" "y" {`) is a header still.
"""

from __future__ import annotations

import random

import pytest

from extractors.notary.core import notarize
from extractors.notary.randomness import looks_random

KEPT = [
    # a structure escaped inside a string
    '  "SecretStringTemplate": "{\\"username\\": \\"svc_reports\\"}",',
    'Properties:\n  GenerateSecretString:\n    SecretStringTemplate: "{\\"user\\": \\"ops\\"}"',
    'policy = "{\\"Version\\": \\"2012-10-17\\", \\"Statement\\": []}"',
    # a word and a number
    '"Sid": "Stmt1615396257079"',
    'policy = "{\\"Statement\\":[{\\"Sid\\":\\"Stmt1453841203243\\",\\"Effect\\":\\"Deny\\"}]}"',
    # an ARN
    "encryption_key: arn:aws:kms:eu-west-2:210987654321:alias/aws/ebs",
    '"authorizerCredentials": "arn:aws:iam::210987654321:role/ReportsInvokeRole",',
    "KmsKeyArn: arn:aws:kms:eu-west-2:210987654321:key/0b9e2c1a-77de-4c3b-9f10-5a6b7c8d9e0f",
    # a variable's member
    'format: \'{ "rid":"$context.requestId", "routeKey":"$context.routeKey" }\'',
    # a name the same text declares
    '{\n  "Parameters": {\n    "UpstreamPassword": {\n      "Type": "String",\n'
    '      "NoEcho": true\n'
    '    }\n  },\n  "Resources": {\n    "Hub": {\n      "Properties": {\n'
    '        "Password": "UpstreamPassword"\n      }\n    }\n  }\n}',
    "Parameters:\n  ReportsAccessToken:\n    Type: String\nResources:\n  App:\n    Properties:\n"
    "      AccessToken: ReportsAccessToken",
    "param adminSecretValue string = newGuid()\n\nresource srv 'x@2021' = {\n  properties: {\n"
    "    administratorLoginPassword: adminSecretValue\n  }\n}",
    # a piece of a resource's name after a dash
    "var nicName = '${vmName}-publicip-${uniqueString(vmName)}'",
    "\"name\": \"[concat(parameters('vm'), '-publicip-', uniqueString(parameters('vm')))]\"",
    # a word of its own name in capitals
    "    aws_access_key: ACCESS\n    aws_secret_key: SECRET\n    region: eu-west-2",
    # a heredoc's opening
    'resource "aws_iam_server_certificate" "c" {\n  private_key = <<EOF\n[contents]\nEOF\n}',
    # a block header after a lead-in
    'Note: resource "alicloud_actiontrail_trail" "audittrail7" {\n  trail_name = "t"\n}',
    "Note: resource keyVaultMain 'Microsoft.KeyVault/vaults@2022-07-01' = {",
]


@pytest.mark.parametrize("text", KEPT)
def test_template_references_are_kept(text: str) -> None:
    assert notarize(text).text == text


def test_statement_ids_are_names_and_times() -> None:
    """`Stmt` and a time in milliseconds, as a policy generator writes a statement's id: before,
    86 of these 200 looked random."""
    draw = random.Random(7)
    ids = [f"Stmt{draw.randrange(1_400_000_000_000, 1_800_000_000_000)}" for _ in range(200)]
    assert not any(map(looks_random, ids))
    assert looks_random("k7Qz2mX9pL4wR8vTq1")  # a draw still is
    letters = ("".join(draw.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)) for _ in ids)
    drawn = [w + str(draw.randrange(10**11, 10**12)) for w in letters]
    assert sum(map(looks_random, drawn)) >= 150  # drawn letters, then drawn digits


MASKED = [
    # a password inside an escaped structure: missed before (the string was read as one value)
    (
        '"SecretString": "{\\"username\\": \\"svc\\", \\"password\\": \\"Kite42sky\\"}"',
        "Kite42sky",
    ),
    ('x = "{\\"db\\": {\\"password\\": \\"Tr0ub4dor3x\\"}}"', "Tr0ub4dor3x"),
    # a code name not declared in the text, a word of another name, a glued password
    ("password: MyVaultPass\n", "MyVaultPass"),
    ("aws_secret_key: KEYS\n", "KEYS"),
    ("7z a -pmonkey-42 out.7z", "monkey-42"),
    ("mysql -u root -pTr0ub4dor3x", "Tr0ub4dor3x"),
    ("token = Stmt1702458000123", "Stmt1702458000123"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_secrets_beside_template_references_are_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text
