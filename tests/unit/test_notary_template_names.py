"""What infrastructure templates write beside credential words that is no credential: by class,
each failing before; written for this test from the languages' documented syntax
(CloudFormation, Terraform, Kubernetes, Ansible), with names and values of our own. Found by
the negative probe of public example configs (`bench/notary/iac.py`).

* **a namespace path**: a name glued to `::` (`AWS::EC2::KeyPair::KeyName`, `Fn::GetAtt`,
  `Secret::new`) is a type or a member, no label; BNF's `::=` still assigns;
* **a name written in humps of words, acronyms and numbers** (`VPCFlowLogsBucketKMSKey`,
  `ALB500sAlarmScaleUp`), as templates name their resources, is no random token; an English
  word is English inflected too (`Policies`, `Logs`: the provider's-name rule read `Policies`
  as a coined name);
* **an escaped line break** (`\\n` inside a quoted script) ends a value as a line break does,
  and escaped quotes (`\\"x\\"`) quote one;
* **where and when a secret is kept** (`secretNamespace`, `password_rotation_schedule`) is
  about it, no label;
* **a label of words with single spaces** (`"default": "Templates S3 Key Prefix"`) is a WORD,
  no key; after a strong word a passphrase is still masked;
* **a file's name** (`README.md`) is a WORD;
* **a dash before a word or a long flag** (`-port=8080`, `-private-`) is no `-p` and a glued
  password;
* **a negated Terraform reference** (`!local.is_replica ? ... : ...`) is a condition;
* **a credential word inside a path** (`https://host/pub/RPM-GPG-KEY-EPEL-6 dest=...`,
  `files/secret owner=x`) names a file, no label, and no Windows flag;
* **a block's header labels** (Terraform's `resource "aws_iam_access_key" "deploy2" {`, Bicep's
  `resource vault 'Microsoft.KeyVault/vaults@...' = {`) are its type and name, no value.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize
from extractors.notary.randomness import looks_random

KEPT = [
    # a namespace path
    "Type: AWS::EC2::KeyPair::KeyName",
    '"Type": "AWS::SSM::Parameter::Value<AWS::EC2::KeyPair::KeyName>",',
    "let sealed = Secret::new(raw);",
    "Fn::GetAtt: [Vault, Token::Value]",
    # names in humps of words, acronyms and numbers
    "Resources:\n  NATGatewayEIPAllocation2Primary:\n    Type: AWS::EC2::EIP",
    '"DependsOn": "ElasticSearchDomainAccessPolicy"',
    "MetricName: HTTP500sAlarmCountDown",
    "Condition: EBSKMSKeyProvided",
    '"Sid": "CloudTrailBucketWrite20240131"',
    "Policies: AmazonDynamoDBReadOnlyAccess",
    "Policies: AmazonS3ReadOnlyAccess",
    # escaped line breaks and escaped quotes in a quoted script
    '"UserData": "#!/bin/bash\\nset -e\\nsecret=\\"$generated_secret\\"\\nrun --now\\n"',
    '"ZipFile": "exports.handler = (event) => {\\n  const token = event.resultToken\\n};"',
    '"Fn::Base64": "<powershell>\\n  $key=\\"BackupRootTag\\"\\n</powershell>"',
    # where and when a secret is kept
    'secretNamespace: "default"',
    "adminSecretNamespace: kube-system",
    'password_rotation_schedule_expression = "rate(30 days)"',
    "token_refresh_interval: 45m",
    # a label of words
    '"ParameterLabels": {"LogsKey": {"default": "CloudWatch Logs KMS Key for Lambda"}}',
    '"default": "Artifacts S3 Key Prefix"',
    # a file's name
    'Key: "CHANGELOG.md"',
    "key: Dockerfile.prod",
    # a dash before a word, a long flag with one dash
    'args: ["-port=9090", "-v=2"]',
    "Fn::Join:\n  - ''\n  - - !Ref Stage\n    - -private-\n    - !Ref AWS::Region",
    "command: [server, -profile=release]",
    # a negated Terraform reference
    "username = !local.is_replica ? var.username : null",
    "password = !var.create ? null : random_password.db.result",
    # a credential word inside a path
    "get_url: url=https://mirror.example.org/keys/RPM-GPG-KEY-centos-9 dest=/etc/pki/rpm-gpg/",
    "copy: src=files/secret dest=/srv/app/secret owner=app group=app mode=0400",
    # a block's header labels
    'resource "aws_iam_access_key" "deploy2" {\n  user = "ci"\n}',
    'resource "alicloud_launch_template" "webtpl7" {',
    "resource vault 'Microsoft.KeyVault/vaults@2023-07-01' = {",
]


@pytest.mark.parametrize("text", KEPT)
def test_template_names_and_expressions_are_kept(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    # BNF's ::= assigns; a value after a namespace is judged by its own name
    ("password ::= Wq7vR2kx9Lm", "Wq7vR2kx9Lm"),
    # a script's secret on its own line is still masked, the rest kept
    ('"UserData": "echo start\\nexport DB_PASSWORD=Nk4v!q9Ztx\\nrun"', "Nk4v!q9Ztx"),
    ('"UserData": "password: \\"Nk4v!q9Ztx\\"\\nuser: app"', "Nk4v!q9Ztx"),
    # a passphrase after a strong word
    ('password: "plum orbit canyon velvet"', "plum orbit canyon velvet"),
    # a rotation name does not hide a secret written beside it elsewhere
    ("db_password: Nk4v!q9Ztx\npassword_rotation_days: 30", "Nk4v!q9Ztx"),
    # a glued -p that is no word
    ("tool -pNk4v9Ztxq", "Nk4v9Ztxq"),
    ("mysql -u root -pNk4v9Ztxq", "Nk4v9Ztxq"),
    # a Windows flag after a space is a flag
    ("tool /password Nk4v9Ztxq7", "Nk4v9Ztxq7"),
    # a file's name after a strong word is still a password
    ("password: Notes.txt", "Notes.txt"),
    # what a block holds after its header is judged by its own names
    ('variable "db_password" {\n  default = "Nk4v!q9Ztx"\n}', "Nk4v!q9Ztx"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_secrets_beside_template_names_are_still_masked(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


@pytest.mark.parametrize(
    "name",
    [
        "VPCFlowLogsBucketKMSKey",
        "ALB500sAlarmScaleUp",
        "GetDownloadUrlForLayer",
        "SCProductSupport",
    ],
)
def test_a_name_in_humps_of_words_is_not_random(name: str) -> None:
    assert not looks_random(name)


@pytest.mark.parametrize(
    "token", ["hRtXbQzLmWkePvNa", "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY", "mHrUP1xxNuAnPaTT"]
)
def test_drawn_mixed_case_is_still_random(token: str) -> None:
    assert looks_random(token)


def test_draws_of_both_cases_are_not_names() -> None:
    """Humps of a draw are one or two letters, seldom words: no draw of 2,000 passes."""
    import random
    import string

    from extractors.notary.randomness import camel_name

    rng = random.Random(30)
    alphabet = string.ascii_letters + string.digits
    draws = ["".join(rng.choice(alphabet) for _ in range(16 + i % 17)) for i in range(2000)]
    assert not [d for d in draws if camel_name(d)]
