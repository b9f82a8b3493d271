"""KICS' "Passwords And Secrets" query tests as labelled config files for the notary benchmark.

KICS (an infrastructure-as-code scanner, by Checkmarx; this snapshot is DataDog's fork) tests
its generic query for credentials written into config files on small files of Terraform, YAML
(Kubernetes, CloudFormation, compose), JSON and Dockerfiles
(`assets/queries/common/passwords_and_secrets/test/`): every `positive*` file holds credentials
at the lines its authors list in `positive_expected_result.json` (file and line), every
`negative*` file holds none. Many of the values are short config passwords (`root`,
`pass!1213Fs`, `passx`), the class the other sources under-represent. Taken here:

* positives: each listed line; the text is the whole file (a config file as a user pastes it),
  the secret the value of the line, read by one rule a layout: a line inside a heredoc
  (`<<EOT` ... `EOT`) holding a key block labels the key: its base64 lines between the armour
  lines (not the `Proc-Type:` headers), or a PuTTY file's private lines; otherwise the line is
  a name, a separator (`:` or `=`) and a value, after an optional list dash, `export`, `ARG`
  or `ENV` (`ARG password=pass!1213Fs`, `- POSTGRES_PASSWORD=postgres`), and the secret is the
  value without its quotes and a trailing comma (of a URL the loader keeps its password,
  `sources.secret_of`);
* negatives: every `negative*` file whole (a file with no credential must come back unchanged).

Left out (counted as unlabelled, `sources.load_source`): a listed value that is no value of its
own, the query's flags on structure rather than a credential: a reference or expression
(`{{resolve:secretsmanager:...}}`, `local.x ? var.y : "null"`), a JSON template
(`'{"username":"admin"}'`) and a sentence (a description of four or more words). The rule (what
the split into halves goes by, `cases.half_of`) is the file's name.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator

from bench.notary.iac import MAX_CHARS
from bench.notary.trufflehog import as_jsonl, walk

TESTS = "assets/queries/common/passwords_and_secrets/test/"
EXPECTED = "positive_expected_result.json"
_HEREDOC = re.compile(r"<<-?\s*['\"]?(?P<end>[A-Z]+)['\"]?\s*$")
_ARMOUR = re.compile(r"-----BEGIN [A-Z ]+-----\n(?P<v>.*?)\n-----END", re.S)
_PUTTY = re.compile(r"Private-Lines: \d+\n(?P<v>.*?)\nPrivate-MAC", re.S)
_LEAD = re.compile(r"^\s*(?:-\s+)?(?:(?:export|ARG|ENV)\s+)?")
_PAIR = re.compile(r"""^["']?[\w.\-]+["']?\s*(?:=|:)\s*(?P<v>.*?)\s*,?\s*$""")
_NO_VALUE = re.compile(r"^\{\{resolve:|^\{|\?.*:|\b(?:var|local)\.\w")


def _heredoc(lines: list[str], at: int) -> str | None:
    """The body of the heredoc holding line `at` (0-based), if any."""
    span = _heredoc_span(lines, at)
    return None if span is None else "\n".join(lines[span.start + 1 : span.stop - 1])


def secret_of_line(lines: list[str], at: int) -> str:
    """The labelled secret of line `at` (0-based) of a positive file (see the docstring); empty
    when the value is no value of its own."""
    body = _heredoc(lines, at)
    key = (_PUTTY.search(body) or _ARMOUR.search(body)) if body is not None else None
    if key:
        return "\n".join(k for k in key["v"].splitlines() if k.strip() and ": " not in k)
    line = _LEAD.sub("", lines[at])
    pair = _PAIR.match(line)
    value = pair["v"] if pair else line.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'`":
        value = value[1:-1]
    if _NO_VALUE.search(value) or len(value.split()) >= 4:
        return ""
    return value


def rows_of(read: Callable[[str], bytes]) -> Iterator[dict[str, str]]:
    """The positives of every listed line, then every negative file, in name order."""
    expected = json.loads(read(TESTS + EXPECTED))
    listed = sorted({(str(e["fileName"]), int(e["line"])) for e in expected})
    for name, line in listed:
        text = read(TESTS + name).decode("utf-8", errors="replace")
        lines = text.splitlines()
        if not 0 < line <= len(lines):
            continue
        secret = secret_of_line(lines, line - 1)
        yield {"rule": name, "label": "tp", "text": text.strip(), "secret": secret}
    for path in sorted(walk(read, TESTS)):
        name = path.rsplit("/", 1)[-1]
        if name.startswith("negative"):
            text = read(path).decode("utf-8", errors="replace").strip()
            yield {"rule": name, "label": "fp", "text": text, "secret": ""}


def derive_cases(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `kics` set: one JSON object a line, `{"rule", "label":
    "tp"|"fp", "text", "secret"}`, duplicates dropped."""
    del paths
    return as_jsonl(rows_of(read))


# --- KICS' other queries' negative files: a tuned-only probe (the `kics-others` set) ----------

QUERIES = "assets/queries/"
OTHER_SHARE = 128
"""Of the other queries' negative files, those whose path's SHA-256 starts with a byte below
this (half of them, about 1,700): the probe's size, fixed by the path, not by a draw."""

DEMO_CREDENTIAL = frozenset(
    {
        "ansible/aws/redshift_using_default_port/test/negative.yaml",
        "ansible/azure/ad_admin_not_configured_for_sql_server/test/negative.yaml",
        "ansible/azure/aks_network_policy_misconfigured/test/negative.yaml",
        "ansible/azure/aks_rbac_disabled/test/negative.yaml",
        "ansible/azure/sql_server_predictable_admin_account_name/test/negative.yaml",
        "ansible/gcp/disk_encryption_disabled/test/negative1.yaml",
        "azureResourceManager/postgres_sql_server_log_checkpoint_disabled/test/negative1.bicep",
        "azureResourceManager/postgres_sql_server_log_checkpoint_disabled/test/negative2.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/negative1.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/negative3.bicep",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/negative3.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/negative4.json",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/negative1.json",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/negative2.bicep",
        "cloudFormation/aws/db_security_group_open_to_large_scope/test/negative2.json",
        "cloudFormation/aws/db_security_group_with_public_scope/test/negative2.yaml",
        "cloudFormation/aws/docdb_logging_disabled/test/negative1.yaml",
        "cloudFormation/aws/iam_group_without_users/test/negative1.yaml",
        "cloudFormation/aws/iam_group_without_users/test/negative2.json",
        "cloudFormation/aws/iam_policies_attached_to_user/test/negative1.yaml",
        "cloudFormation/aws/iam_policies_attached_to_user/test/negative2.json",
        "cloudFormation/aws/iam_policies_without_groups/test/negative2.json",
        "cloudFormation/aws/iam_user_too_many_access_keys/test/negative1.yaml",
        "cloudFormation/aws/iam_user_with_no_group/test/negative1.yaml",
        "cloudFormation/aws/rds_associated_with_public_subnet/test/negative1.yaml",
        "cloudFormation/aws/rds_using_default_port/test/negative1.yaml",
        "cloudFormation/aws/rds_using_default_port/test/negative2.json",
        "cloudFormation/aws/rds_with_backup_disabled/test/negative2.json",
        "cloudFormation/aws/user_iam_missing_password_reset_required/test/negative1.yaml",
        "cloudFormation/aws/user_iam_missing_password_reset_required/test/negative2.json",
        "googleDeploymentManager/gcp/disk_encryption_disabled/test/negative1.yaml",
        "k8s/encryption_provider_not_properly_configured/test/negative1.yaml",
        "terraform/aws/amazon_mq_broker_encryption_disabled/test/negative_module.tf",
        "terraform/aws/aurora_with_disabled_at_rest_encryption/test/negative_module.tf",
        "terraform/aws/automatic_minor_upgrades_disabled/test/negative2.tf",
        "terraform/aws/ca_certificate_identifier_is_outdated/test/negative4.tf",
        "terraform/aws/db_security_group_with_public_scope/test/negative_module.tf",
        "terraform/aws/docdb_cluster_not_encrypted/test/negative1.tf",
        "terraform/aws/docdb_cluster_not_encrypted/test/negative_module.tf",
        "terraform/aws/docdb_cluster_without_kms/test/negative1.tf",
        "terraform/aws/docdb_logging_disabled/test/negative1.tf",
        "terraform/aws/docdb_logging_disabled/test/negative_module.tf",
        "terraform/aws/mq_broker_logging_disabled/test/negative.tf",
        "terraform/aws/rds_cluster_with_backup_disabled/test/negative_module.tf",
        "terraform/aws/rds_db_instance_publicly_accessible/test/negative2.tf",
        "terraform/aws/rds_storage_not_encrypted/test/negative2.tf",
        "terraform/aws/rds_storage_not_encrypted/test/negative_module.tf",
        "terraform/aws/rds_with_backup_disabled/test/negative2.tf",
        "terraform/aws/rds_without_logging/test/negative3.tf",
        "terraform/aws/rds_without_logging/test/negative4.tf",
        "terraform/aws/redshift_cluster_logging_disabled/test/negative.tf",
        "terraform/aws/redshift_cluster_logging_disabled/test/negative_module.tf",
        "terraform/aws/redshift_publicly_accessible/test/negative.tf",
        "terraform/aws/redshift_using_default_port/test/negative1.tf",
        "terraform/azure/ad_admin_not_configured_for_sql_server/test/negative.tf",
        "terraform/azure/key_vault_secrets_content_type_undefined/test/negative.tf",
        "terraform/azure/mariadb_public_network_access_enabled/test/negative.tf",
        "terraform/azure/mssql_server_auditing_disabled/test/negative.tf",
        "terraform/azure/mssql_server_public_network_access_enabled/test/negative1.tf",
        "terraform/azure/postgresql_server_threat_detection_policy_disabled/test/negative.tf",
        "terraform/azure/secret_expiration_not_set/test/negative.tf",
        "terraform/azure/small_msql_server_audit_retention/test/negative.tf",
        "terraform/azure/sql_server_predictable_active_directory_admin_account_name/test/negative.tf",
        "terraform/azure/sql_server_predictable_admin_account_name/test/negative.tf",
        "terraform/azure/ssl_enforce_is_disabled/test/negative.tf",
    }
)
"""Other queries' negative files that hold a demo credential, by their path under
`assets/queries/` (read by hand once, from the values the notary masked: `password:
myP@ssW0rd`, `master_password = "mustbeeightchars"`, a disk's demo raw key, a Kubernetes
encryption config's demo secrets, a key vault secret's `value = "szechuan"`): negatives of
another query, not credential-free."""


def _in_other_share(path: str) -> bool:
    """Is `path` in the half of the other queries' files the probes take (`OTHER_SHARE`)?"""
    return hashlib.sha256(path.encode()).digest()[0] < OTHER_SHARE


def other_negatives(read: Callable[[str], bytes]) -> Iterator[dict[str, str]]:
    """Every negative file of KICS' queries other than the passwords query (whose tests are the
    `kics` set, split in halves) in `OTHER_SHARE`, of `MAX_CHARS` or fewer, holding no demo
    credential, in path order, as a negative; the rule is the path under `assets/queries/`."""
    for path in sorted(walk(read, QUERIES)):
        rule = path.removeprefix(QUERIES)
        if "/test/negative" not in path or path.startswith(TESTS) or rule in DEMO_CREDENTIAL:
            continue
        if not _in_other_share(path):
            continue
        text = read(path).decode("utf-8", errors="replace").strip()
        if text and len(text) <= MAX_CHARS:
            yield {"rule": rule, "label": "fp", "text": text, "secret": ""}


def derive_other_negatives(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `kics-others` set: one JSON object a line, `{"rule",
    "label": "fp", "text", "secret": ""}`, duplicates dropped."""
    del paths
    return as_jsonl(other_negatives(read))


# --- the lines around the listed lines of KICS' positive files: tuned-only probes ------------


def _heredoc_span(lines: list[str], at: int) -> range | None:
    """The lines (0-based) of the heredoc holding line `at`, its opening and closing lines
    included, if any."""
    for start in range(at, -1, -1):
        opened = _HEREDOC.search(lines[start])
        if opened:
            end = next(
                (i for i in range(start + 1, len(lines)) if lines[i].strip() == opened["end"]),
                len(lines),
            )
            return range(start, end + 1) if start < at < end else None
    return None


def without_listed(text: str, listed: set[int]) -> str:
    """`text` without its lines `listed` (0-based); a listed line inside a heredoc takes the whole
    heredoc (a key block's other lines are its secret too)."""
    lines = text.splitlines()
    dropped: set[int] = set()
    for at in listed:
        if 0 <= at < len(lines):
            dropped.update(_heredoc_span(lines, at) or (at,))
    return "\n".join(line for i, line in enumerate(lines) if i not in dropped).strip()


def _listed(read: Callable[[str], bytes], folder: str) -> dict[str, set[int]]:
    """A query's listed lines (0-based) by file name, from its `positive_expected_result.json`."""
    expected = json.loads(read(folder + EXPECTED))
    listed: dict[str, set[int]] = {}
    for entry in expected:
        if isinstance(entry, dict) and "fileName" in entry and "line" in entry:
            listed.setdefault(str(entry["fileName"]), set()).add(int(entry["line"]) - 1)
    return listed


def around_secrets(read: Callable[[str], bytes]) -> Iterator[dict[str, str]]:
    """Every positive file of the tuned (dev) half of the passwords query's tests without the
    lines its authors list (`without_listed`), as one negative: the same resources and the
    non-secret attributes around the secret, in the authors' style. The rule is the file's name
    (all of them in the dev half, `cases.half_of`)."""
    from bench.notary.cases import HALVES, half_of

    for name, listed in sorted(_listed(read, TESTS).items()):
        if half_of(name) != HALVES[0]:
            continue
        text = without_listed(read(TESTS + name).decode("utf-8", errors="replace"), listed)
        yield {"rule": name, "label": "fp", "text": text, "secret": ""}


def derive_around_secrets(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `kics-around` set: one JSON object a line, `{"rule",
    "label": "fp", "text", "secret": ""}`."""
    del paths
    return as_jsonl(around_secrets(read))


DEMO_CREDENTIAL_POSITIVE = frozenset(
    {
        "azureResourceManager/postgres_sql_server_log_checkpoint_disabled/test/positive1.bicep",
        "azureResourceManager/postgres_sql_server_log_checkpoint_disabled/test/positive1.json",
        "azureResourceManager/postgres_sql_server_log_checkpoint_disabled/test/positive4.bicep",
        "azureResourceManager/postgres_sql_server_log_checkpoint_disabled/test/positive7.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive1.bicep",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive2.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive3.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive4.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive6.bicep",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive6.json",
        "azureResourceManager/postgres_sql_server_log_connections_disabled/test/positive8.json",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive1.bicep",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive1.json",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive2.bicep",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive2.json",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive3.bicep",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive3.json",
        "azureResourceManager/postgres_sql_server_ssl_disabled/test/positive4.json",
        "cloudFormation/aws/amplify_app_oauth_token_exposed/test/positive1.yaml",
        "cloudFormation/aws/db_security_group_open_to_large_scope/test/positive2.yaml",
        "cloudFormation/aws/db_security_group_open_to_large_scope/test/positive5.json",
        "cloudFormation/aws/db_security_group_open_to_large_scope/test/positive6.json",
        "cloudFormation/aws/emr_cluster_without_security_configuration/test/positive1.yaml",
        "cloudFormation/aws/emr_cluster_without_security_configuration/test/positive2.yaml",
        "cloudFormation/aws/emr_cluster_without_security_configuration/test/positive3.json",
        "cloudFormation/aws/emr_cluster_without_security_configuration/test/positive4.json",
        "cloudFormation/aws/iam_access_analyzer_not_enabled/test/positive1.yaml",
        "cloudFormation/aws/iam_group_without_users/test/positive1.yaml",
        "cloudFormation/aws/iam_groups_inline_policies/test/positive1.yaml",
        "cloudFormation/aws/iam_policies_attached_to_user/test/positive1.yaml",
        "cloudFormation/aws/iam_user_with_no_group/test/positive1.yaml",
        "cloudFormation/aws/iam_user_with_no_group/test/positive2.yaml",
        "cloudFormation/aws/rds_associated_with_public_subnet/test/positive1.yaml",
        "cloudFormation/aws/rds_using_default_port/test/positive1.yaml",
        "cloudFormation/aws/rds_using_default_port/test/positive2.json",
        "cloudFormation/aws/rds_using_default_port/test/positive3.yaml",
        "cloudFormation/aws/rds_with_backup_disabled/test/positive1.yaml",
        "cloudFormation/aws/rds_with_backup_disabled/test/positive2.json",
        "cloudFormation/aws/user_iam_missing_password_reset_required/test/positive2.yaml",
        "cloudFormation/aws/user_iam_missing_password_reset_required/test/positive4.json",
        "googleDeploymentManager/gcp_bom/pd/test/positive.yaml",
        "terraform/aws/ca_certificate_identifier_is_outdated/test/positive2.tf",
        "terraform/aws/iam_database_auth_not_enabled/test/positive3.tf",
        "terraform/aws/iam_database_auth_not_enabled/test/positive4.tf",
        "terraform/aws/rds_database_cluster_not_encrypted/test/positive1.tf",
        "terraform/aws/rds_database_cluster_not_encrypted/test/positive2.tf",
        "terraform/aws/rds_db_instance_publicly_accessible/test/positive2.tf",
        "terraform/aws/rds_storage_not_encrypted/test/positive1.tf",
        "terraform/aws/rds_storage_not_encrypted/test/positive2.tf",
        "terraform/aws/rds_with_backup_disabled/test/positive2.tf",
        "terraform/aws/rds_with_backup_disabled/test/positive4.tf",
        "terraform/aws/rds_without_logging/test/positive1.tf",
        "terraform/aws/rds_without_logging/test/positive3.tf",
        "terraform/aws/rds_without_logging/test/positive4.tf",
        "terraform/aws/redshift_using_default_port/test/positive2.tf",
        "terraform/azure/key_vault_secrets_content_type_undefined/test/positive.tf",
        "terraform/azure/mariadb_public_network_access_enabled/test/positive.tf",
        "terraform/azure/mariadb_server_georedundant_backup_disabled/test/positive2.tf",
        "terraform/azure/mssql_server_public_network_access_enabled/test/positive1.tf",
        "terraform/azure/mssql_server_public_network_access_enabled/test/positive2.tf",
        "terraform/azure/mysql_server_public_access_enabled/test/positive2.tf",
        "terraform/gcp_bom/pd/test/positive.tf",
    }
)
"""Other queries' positive files that hold a demo credential outside their listed lines, by
their path under `assets/queries/` (read by hand once, from the values the notary masked:
`administratorLoginPassword: '12345'`, `Password: myP@ssW0rd`, `MasterUserPassword:
SecretPassword01`, an Amplify app's OAuth token, a disk's demo raw key, `value = "szechuan"`;
a file whose text is another's, its twin): not credential-free."""


def other_positives(read: Callable[[str], bytes]) -> Iterator[dict[str, str]]:
    """Every positive file of KICS' queries other than the passwords query, in the same half as
    `other_negatives` (`OTHER_SHARE`), without its listed lines (`without_listed`: the
    misconfiguration the query flags, and for a credential query the credential), of
    `MAX_CHARS` or fewer, holding no demo credential, in path order, as a negative; the rule is
    the path under `assets/queries/`."""
    paths = sorted(walk(read, QUERIES))
    present = set(paths)
    for path in paths:
        if not path.endswith("/test/" + EXPECTED) or path.startswith(TESTS):
            continue
        folder = path.removesuffix(EXPECTED)
        for name, listed in sorted(_listed(read, folder).items()):
            rule = (folder + name).removeprefix(QUERIES)
            if rule in DEMO_CREDENTIAL_POSITIVE:
                continue
            if folder + name not in present:
                continue  # listed by a name no file has
            if not _in_other_share(folder + name):
                continue
            text = without_listed(read(folder + name).decode("utf-8", errors="replace"), listed)
            if text and len(text) <= MAX_CHARS:
                yield {"rule": rule, "label": "fp", "text": text, "secret": ""}


def derive_other_positives(read: Callable[[str], bytes], paths: tuple[str, ...]) -> bytes:
    """`bench.data`'s derivation of the `kics-others-around` set: one JSON object a line,
    `{"rule", "label": "fp", "text", "secret": ""}`, duplicates dropped."""
    del paths
    return as_jsonl(other_positives(read))
