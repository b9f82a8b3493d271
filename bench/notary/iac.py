"""Public infrastructure-as-code examples as negative config files for the notary benchmark.

KICS' negative files (bench/notary/kics.py) are few (26 in its dev half, 20 in its held half), so
the share of them masked moves by 4-5 points a file and a class found on one half says little
about the other. These sources are larger probes of the same question, files with no credential
must come back unchanged, written by other authors for another purpose: the example configs of
Kubernetes (`kubernetes/examples`), Ansible (`ansible/ansible-examples`), CloudFormation
(`aws-cloudformation/aws-cloudformation-templates`) and Terraform
(`terraform-aws-modules/terraform-aws-rds`), one manifest each (`bench/data/iac-*.toml`).

Taken: every file under the manifest's paths whose name says it is a config file (`CONFIG`:
YAML, JSON, Terraform, INI-like, `.env`, Jinja templates, Dockerfiles), 20,000 characters or
fewer (`MAX_CHARS`: the benchmark runs four maskers over each), not empty. Left out: the files
that hold a credential (`HOLDS_CREDENTIAL`), read by hand once when the sources were added: a
demo password, key or token the example writes into its config (`password: nimda`, a ceph key,
a Kubernetes `Secret`'s base64 data, `keystore_password: cassandra`). What is left is a
negative (`{"rule": path, "label": "fp", "text", "secret": ""}`), the whole file one case. The
sources are tuned on (`bench.notary.sources.CREDENTIAL_SOURCES`): their misses were read while
writing rules, and they have no held half.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from bench.notary.trufflehog import as_jsonl, walk

CONFIG = re.compile(
    r"(?:\.(?:ya?ml|json|tf|tfvars|hcl|ini|cfg|conf|properties|env|j2)|(?:^|/)Dockerfile[^/]*)$"
)
MAX_CHARS = 20_000

HOLDS_CREDENTIAL = frozenset(
    {
        # ansible/ansible-examples
        "language_features/mysql.yml",  # password=12345
        "language_features/netscaler.yml",  # nsc_pass: nimda
        "language_features/postgresql.yml",  # dbpassword: mysupersecretpassword
        "language_features/user_commands.yml",  # an md5crypt hash
        "phillips_hue/username_info.yml",  # a bridge's user token
        "windows/create-user.yml",  # password: "@ns1bl3"
        # kubernetes/examples
        "_archived/javaee/mysql-pod.yaml",
        "_archived/persistent-volume-provisioning/glusterfs/glusterfs-secret.yaml",
        "_archived/persistent-volume-provisioning/quobyte/quobyte-admin-secret.yaml",
        "_archived/persistent-volume-provisioning/rbd/ceph-secret-admin.yaml",
        "_archived/persistent-volume-provisioning/rbd/ceph-secret-user.yaml",
        "_archived/phabricator/phabricator-controller.json",
        "_archived/storage/minio/minio-distributed-statefulset.yaml",
        "_archived/storage/minio/minio-standalone-deployment.yaml",
        "_archived/storage/mysql-galera/pxc-node1.yaml",
        "_archived/storage/mysql-galera/pxc-node2.yaml",
        "_archived/storage/mysql-galera/pxc-node3.yaml",
        "_archived/sysdig-cloud/sysdig-daemonset.yaml",
        "_archived/sysdig-cloud/sysdig-rc.yaml",
        "_archived/volumes/azure_file/secret/azure-secret.yaml",
        "_archived/volumes/cephfs/secret/ceph-secret.yaml",
        "_archived/volumes/iscsi/chap-secret.yaml",
        "_archived/volumes/rbd/secret/ceph-secret.yaml",
        "_archived/volumes/scaleio/secret.yaml",
        "_archived/volumes/storageos/storageos-secret.yaml",
        "databases/cassandra/image/files/cassandra.yaml",  # keystore_password: cassandra
        "databases/cassandra/java/src/test/resources/cassandra.yaml",
        # terraform-aws-modules/terraform-aws-rds
        "examples/blue-green-deployment/main.tf",  # password = "UberSecretPassword"
        "examples/complete-mssql/main.tf",
        "examples/replica-mysql/main.tf",
        "examples/replica-postgres/main.tf",
    }
)
"""Files that hold a credential, by their path in their repository (read by hand once)."""


def rows_of(read: Callable[[str], bytes], paths: tuple[str, ...]) -> Iterator[dict[str, str]]:
    """Every config file under `paths` that holds no credential, in path order, as a negative."""
    for folder in paths:
        for path in sorted(walk(read, folder)):
            if not CONFIG.search(path) or path in HOLDS_CREDENTIAL:
                continue
            try:
                text = read(path).decode("utf-8").strip()
            except UnicodeDecodeError:
                continue
            if text and len(text) <= MAX_CHARS:
                yield {"rule": path, "label": "fp", "text": text, "secret": ""}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of an `iac-*` set: one JSON object a line, `{"rule", "label":
    "fp", "text", "secret": ""}`, duplicates dropped."""
    return as_jsonl(rows_of(read, paths))
