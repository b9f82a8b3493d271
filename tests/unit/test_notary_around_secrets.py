"""What KICS' authors write beside a credential that is no credential, by class, each failing
before; found by the probes of the lines around the listed lines of KICS' positive files
(`bench/notary/kics.py:around_secrets`, `other_positives`; tuned on, never the passwords query's
held half), written here with names and values of our own from the languages' documented syntax
(kubeconfig, CloudFormation, Terraform, Pulumi, IAM policies, shell).

* **a JSONPath or Go template path in braces** (`{.credential.access_token}`) says where a
  value is read from;
* **sentence punctuation closing a word after a credential name and a space** (`echo "Missing
  DEPLOY_PRIVATE_KEY variable!"`) is the sentence's: the word is judged, not a RANDOM value;
* **a resource's attribute** (`ReportsQueueHandler.Arn`, a logical name then a capitalized
  attribute) is a reference;
* **an ARN with a made-up account** of any length names a resource;
* **a decoration naming which key or of what kind** (`identifier`, `spec`, `prefix`,
  `attributes`) makes the credential word no label;
* **a segment of a colon-joined type** (`kafkaq:streamsv2events:Topic`) is no code a provider
  governs;
* **a name in humps, then a date** (`AWSConfigSQSPolicy20190412`, a statement id) is no draw;
* **lower-case English words joined by dashes after a bare `token`** (`creation_token =
  "reports-archive"`) are a name.
"""

from __future__ import annotations

import pytest

from extractors.notary.core import notarize

KEPT = [
    # a JSONPath or Go template path in braces
    "      token-key: '{.credential.id_token}'",
    "    expiry-key: '{.status.expiry}'\n    token-key: '{$.items[0].status.token}'",
    # sentence punctuation closing a word after a credential name and a space
    'if [ -z "$DEPLOY_PRIVATE_KEY" ]; then echo "Missing DEPLOY_PRIVATE_KEY variable!"; fi',
    'echo "Set the ADMIN_PASSWORD Variable?"',
    # a resource's attribute
    '"ServiceToken": "ReportsQueueHandler.Arn",',
    "ServiceToken: ArchiveRotationFunction.Arn",
    # an ARN with a made-up account
    "encryption_key: arn:aws:kms:eu-west-2:4444444444444:key/0000-1111",
    # a decoration naming which key or of what kind
    '  master_key_spec = "RSA_4096"',
    '"ReplaceKeyPrefixWith": "archive-2019/"',
    '    non_key_attributes = ["OrderId"]',
    "SigningKeyIdentifier: ReportsQueue9",
    # a segment of a colon-joined type
    "    type: kafkaq:streamsv2events:Topic",
    # a name in humps, then a date
    '"Sid": "AWSConfigSQSPolicy20190412",',
    # a bare token's slug
    'creation_token = "reports-archive"',
]


@pytest.mark.parametrize("text", KEPT)
def test_kept_beside_a_credential(text: str) -> None:
    assert notarize(text).text == text


MASKED = [
    ("PW hunter2!", "hunter2"),
    ("PW Tr0ub4dor&3x?", "Tr0ub4dor&3x"),
    ("password: reports-archive", "reports-archive"),
    ("token: hunter", "hunter"),
    ("ServiceToken: Xk9Qz2Lm7Rt4Wv8Yp3", "Xk9Qz2Lm7Rt4Wv8Yp3"),
    ("password: Rep0rts.Arn", "Rep0rts.Arn"),
    ("api_key_id_secret: Tr0ub4dor&3x", "Tr0ub4dor&3x"),
]


@pytest.mark.parametrize(("text", "secret"), MASKED)
def test_credentials_beside_them_are_masked_still(text: str, secret: str) -> None:
    assert secret not in notarize(text).text


def test_a_name_in_humps_is_a_name_only_when_a_hump_is_a_word() -> None:
    from extractors.notary.randomness import named_time

    assert named_time("AWSConfigSQSPolicy20190412")
    assert not named_time("QhzKwmTexBvn20190307")  # humps, but drawn letters
    assert not named_time("AWSConfigSQSPolicy48213377")  # no date
