"""The notary benchmark's data code (bench/leak_*.py, bench/notary/sources.py) on inputs
written for this test in each source's shape: the derivations read what their authors wrote
and nothing else, and the loader's label rules (placeholders, armour, URLs) hold. The fetched
data itself is never read here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.notary.cases import apart
from bench.notary.ghas import derive_cases as ghas_cases
from bench.notary.kics import derive_cases as kics_cases
from bench.notary.measure import drawn, identifier, other_shape_of, shape_of
from bench.notary.patterns import case_of
from bench.notary.ripsecrets import derive_cases as ripsecrets_cases
from bench.notary.secretlint import derive_cases as secretlint_cases
from bench.notary.secretlint import secret_of as secretlint_secret
from bench.notary.sources import load_source, placeholder_secret, secret_of
from bench.notary.trufflehog import cases_of
from bench.notary.trufflehog import derive_cases as trufflehog_cases
from bench.notary.whispers import derive_cases as whispers_cases

GO_TEST = """
package acme

var (
	validPattern   = "Ab12Cd34Ef56Gh78Ij90Kl12"
	invalidPattern = "Ab12Cd34?f56Gh78Ij90Kl12"
	keyword        = "acme"
)

func TestAcme_Pattern(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{
			name:  "valid pattern",
			input: fmt.Sprintf("%s token = '%s'", keyword, validPattern),
			want:  []string{validPattern},
		},
		{
			name:  "joined",
			input: "id: abc secret: " + validPattern + " // https://x.io/a",
			want:  []string{"abc:" + validPattern},
		},
		{
			name:  "invalid pattern",
			input: fmt.Sprintf("%s = '%s'", keyword, invalidPattern),
			want:  nil,
		},
	}
}
"""


def _reader(files: dict[str, str]):  # type: ignore[no-untyped-def]
    def read(path: str) -> bytes:
        if path.endswith("/") or not path:
            names = sorted(
                {
                    p[len(path) :].split("/")[0] + ("/" if "/" in p[len(path) :] else "")
                    for p in files
                    if p.startswith(path)
                }
            )
            return ("tree x\n\n" + "\n".join(names) + "\n").encode()
        return files[path].encode()

    return read


def test_trufflehog_cases_are_evaluated_from_go() -> None:
    cases = list(cases_of(GO_TEST))
    assert cases[0] == ("acme token = 'Ab12Cd34Ef56Gh78Ij90Kl12'", ["Ab12Cd34Ef56Gh78Ij90Kl12"])
    assert cases[1][0] == "id: abc secret: Ab12Cd34Ef56Gh78Ij90Kl12 // https://x.io/a"
    assert cases[2][1] == []


def test_trufflehog_derivation_keeps_only_spans_of_the_input() -> None:
    files = {"pkg/detectors/acme/acme_test.go": GO_TEST}
    rows = [json.loads(line) for line in trufflehog_cases(_reader(files), ()).splitlines()]
    assert [(r["rule"], r["secret"]) for r in rows] == [
        ("acme", "Ab12Cd34Ef56Gh78Ij90Kl12"),
        ("acme", ""),  # "abc:..." is joined by trufflehog, not in the input
    ]


def test_secretlint_fixtures_become_positives_and_line_negatives() -> None:
    base = "packages/@secretlint/secretlint-rule-acme/test/snapshots/"
    ng = {
        "sourceContent": "url: https://bob:S3cr3tPw9@db.io\n",
        "messages": [
            {"messageId": "BasicAuth", "data": {"CREDENTIAL": "https://bob:S3cr3tPw9@db.io"}}
        ],
    }
    ok = {"sourceContent": "# comment\nhttps://example.com is fine\n", "messages": []}
    allowed = {"sourceContent": "token=Zz99Yy88Xx77\n", "messages": []}
    files = {
        base + "ng.basic/output.json": json.dumps(ng),
        base + "ok.valid/output.json": json.dumps(ok),
        base + "ok.allows/output.json": json.dumps(allowed),
    }
    rows = [json.loads(line) for line in secretlint_cases(_reader(files), ()).splitlines()]
    assert [(r["label"], r["secret"], r["text"]) for r in rows] == [
        ("tp", "S3cr3tPw9", "url: https://bob:S3cr3tPw9@db.io"),
        ("fp", "", "https://example.com is fine"),
    ]
    assert secretlint_secret({"URL": "https://hooks.x.io/services/T1/B2/Tok3n"}) == "Tok3n"


def test_whispers_fixtures_label_values_by_their_authors_word() -> None:
    yml = (
        "compliant:\n  password: ${DB_PASSWORD}\n  hardcoded_name: plain\n"
        "noncompliant:\n  o1_hardcoded_password: hardcoded0\n"
        "  url: https://bob:HardCoded7@db.io\n  auth: QVdTOmhhcmRjb2RlZAo=\n"
    )
    files = {
        "tests/fixtures/creds.yml": yml,
        "tests/fixtures/plain.env": "TOKEN=x9Hardcoded\n",
        "tests/fixtures/paths.yml": "noncompliant:\n  p: /hardcoded/path\n",
    }
    rows = [json.loads(line) for line in whispers_cases(_reader(files), ()).splitlines()]
    assert [(r["rule"], r["label"], r["secret"]) for r in rows] == [
        ("creds", "fp", ""),
        ("creds", "fp", ""),
        ("creds", "tp", "hardcoded0"),
        ("creds", "tp", "HardCoded7"),
        ("creds", "tp", "QVdTOmhhcmRjb2RlZAo="),
        ("plain.env", "tp", "x9Hardcoded"),
    ]
    assert rows[0]["text"] == "password: ${DB_PASSWORD}"
    snippet = "hardcoded_name: plain\nnoncompliant:\n  o1_hardcoded_password: hardcoded0"
    assert rows[2]["text"] == snippet


def test_secrets_that_overlap_go_to_different_stores() -> None:
    secrets = ["hardcoded", "Sc0ZiCkjrTRbLgphardcoded", "Ab12Cd34", "hardcoded", "zz"]
    assert apart(secrets) == [[0, 2, 4], [1], [3]]
    shared = ["YXNkZmZmZmZm_a1", "YXNkZmZmZmZm_b2", "k7Qz2mX9pL4wR8vTq1"]
    assert apart(shared) == [[0, 2], [1]]
    texts = ["a: Ab12Cd34\nb: Ef56Gh78", "b: Ef56Gh78", "c: k9"]
    assert apart(["Ab12Cd34", "Ef56Gh78", "k9Zq"], texts) == [[0, 2], [1]]


def test_patterns_draw_a_value_of_the_pattern_in_a_carrier() -> None:
    case = case_of("Acme - 2", r"(?:acme).{0,40}\b([a-z0-9]{32})\b")
    assert case is not None and len(case["secret"]) == 32 and case["secret"] in case["text"]
    assert case_of("Acme", r"BEGIN PRIVATE KEY") is None  # no repetition: a keyword
    assert case_of("Mail", r"(?:acme).{0,40}\b([a-z]{3,8}@[a-z]{3,8}\.com)\b") is None


def test_placeholder_positives_are_one_rule_for_every_source() -> None:
    assert placeholder_secret("hf_xxxxxxxxxxxxxxxxxxxx")
    assert placeholder_secret("sk_live_AAAAAAAAAAAAAAAAAAAAAAAA")
    assert placeholder_secret("figd_aBcDeFgHiJkLmNoPqRsT1234567890")
    assert placeholder_secret("cfat_aAbBcCdDeEfFgGhHiIjJkK")
    assert not placeholder_secret("ghp_k7Qz2mX9pL4wR8vTq1")
    assert placeholder_secret("password") and placeholder_secret("Token")
    assert not placeholder_secret("passwordless9")


def test_a_webhook_path_of_words_and_placeholders_is_a_template() -> None:
    assert placeholder_secret("/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX")
    assert not placeholder_secret("/services/T0AB12CDE/B0FG34HIJ/k7Qz2mX9pL4wR8vTq1Xy")


def test_secret_labels_drop_armour_and_url_hosts() -> None:
    assert secret_of("-----BEGIN RSA PRIVATE KEY-----\nMIIabc\n-----END RSA PRIVATE KEY-----") == (
        "MIIabc"
    )
    assert secret_of("postgres://app:Pw9x@db:5432/x") == "Pw9x"
    assert secret_of("jdbc:postgresql://localhost:5432/mydb") == ""
    assert secret_of("https://hooks.x.io/services/T1/B2/Tok3n") == "/services/T1/B2/Tok3n"


def test_a_signed_urls_secret_is_its_signature() -> None:
    signed = "https://b.s3.amazonaws.com/doc.pdf?X-Amz-Credential=AKIA%2Fx&X-Amz-Signature=1d5134d3"
    assert secret_of(signed) == "1d5134d3"
    sas = "https://acct.blob.core.windows.net/c/f?sv=2020&sig=Ab%2Bc12&se=1"
    assert secret_of(sas) == "Ab%2Bc12"


def test_loader_keeps_placeholders_apart(tmp_path: Path) -> None:
    rows = [
        {"rule": "a", "label": "tp", "text": "k=Ab12Cd34Ef56", "secret": "Ab12Cd34Ef56"},
        {"rule": "a", "label": "tp", "text": "k=xxxxxxxx", "secret": "xxxxxxxx"},
        {"rule": "a", "label": "tp", "text": "k=", "secret": ""},
        {"rule": "a", "label": "fp", "text": "k=${K}", "secret": ""},
    ]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    loaded = load_source("secretlint", path)
    assert [c.positive for c in loaded.cases] == [True, False]
    assert len(loaded.placeholders) == 1 and loaded.unlabelled == 1
    assert loaded.cases[0].message == "Note: k=Ab12Cd34Ef56"


@pytest.mark.parametrize(
    ("secret", "expected"),
    [
        ("1a8d0cca-e1a9-4318-bc2f-f5658ab2dcb5", "UUID"),
        ("3bdaacfbb85ee2febeb2b82f37a11d09", "hex"),
        ("someone@example.com", "e-mail"),
        ("11XQ98FVS8WI", "< 16 chars"),
        ("sxk5k1nfra8jak0mjjc6afr6v-6gsf7dr9o1", "other"),
    ],
)
def test_left_positives_are_counted_by_the_secret_shape(secret: str, expected: str) -> None:
    assert shape_of(secret) == expected


@pytest.mark.parametrize(
    ("secret", "expected"),
    [
        ("hunter two and three", "spaced"),
        ("sk.nc7.R5t.P5a", "dotted"),
        ("sxk5k1nf-ra8jak0m_jjc6", "joined -/_"),
        ("2w3933xk6uav9ff2", "alnum 16-31"),
        ("Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg+/==", "base64 32+"),
        ("Tr0ub4dor&3x!", "symbols"),
    ],
)
def test_other_shapes_are_told_apart(secret: str, expected: str) -> None:
    assert other_shape_of(secret) == expected


@pytest.mark.parametrize(
    ("secret", "expected"),
    [
        ("1a8d0cca-e1a9-4318-bc2f-f5658ab2dcb5", True),
        ("3F2A9C1E4B5D6A7F8E9D", True),
        ("someone@example.com", True),
        ("6d2FabeB6ADd0c1e4b5d", False),
        ("2w3933xk6uav9ff2", False),
    ],
)
def test_identifiers_are_bare_uuids_one_case_hex_and_email(secret: str, expected: bool) -> None:
    assert identifier(secret) is expected


def test_the_sync_sample_is_drawn_with_a_fixed_seed() -> None:
    cases = list(range(100))
    assert drawn(cases, 0) == cases
    picked = drawn(cases, 10)
    assert picked == drawn(cases, 10) and len(picked) == 10 and picked != cases[:10]


def test_ghas_patterns_label_the_spans_their_authors_expect() -> None:
    props = "# db\nspring.datasource.password=Kite42sky\nother=1\n"
    start = props.index("Kite42sky")
    patterns = f"""
patterns:
  - name: Spring
    type: hardcoded_spring_sql_passwords
    expected:
      - name: application.properties
        start_offset: {start}
        end_offset: {start + 9}
    test:
      data: "password: |\\n  Reed7x\\n  more8y\\nnext: z"
      start_offset: 14
      end_offset: -1
  - name: Keys
    type: generic_rsa_keys
    test:
      data: "--BEGIN PRIVATE KEY--\\\\nAAAA\\\\n--END PRIVATE KEY--"
      start_offset: 0
  - name: Mail
    type: hardcoded_internal_emails
    test:
      data: bob@example.com
  - name: Whole
    type: oauth_client_secret
    test:
      data: "id = 1\\nsecret = 'x'"
"""
    files = {
        "configs/patterns.yml": patterns,
        "configs/application.properties": props,
        "pii/patterns.yml": "patterns: []\n",
    }
    rows = [json.loads(line) for line in ghas_cases(_reader(files), ()).splitlines()]
    assert [(r["rule"], r["secret"]) for r in rows] == [
        ("configs/hardcoded_spring_sql_passwords", "Reed7x\n  more8y"),
        ("configs/application.properties", "Kite42sky"),
        ("configs/generic_rsa_keys", "AAAA\\n"),
    ]
    assert rows[1]["text"] == "# db\nspring.datasource.password=Kite42sky"


def test_ripsecrets_lines_hold_one_secret_each() -> None:
    files = {
        "test/one_per_line/random": 'APP_KEY = "kq2y4qj0nbt"\n"password": "x9`Yq~",\n'
        "<password>Pw4Maven77</password>\nmysql://u:Pw9db@h\nghp_abc123\n",
        "test/one_per_file/aws_json": 'HTTP/1.1 200 OK\n\n{\n  "key": "AKIAN95B87AWHT6U0699",\n}\n',
        "test/none": "CLIENT_SECRET = settings.GITHUB_API_SECRET\n"
        "sk_live_ReTllpYQ // pragma: allowlist secret\n",
    }
    rows = [json.loads(line) for line in ripsecrets_cases(_reader(files), ()).splitlines()]
    assert [(r["rule"], r["label"], r["secret"]) for r in rows] == [
        ("none", "fp", ""),
        ("aws_json", "tp", "AKIAN95B87AWHT6U0699"),
        ("random", "tp", "kq2y4qj0nbt"),
        ("random", "tp", "x9`Yq~"),
        ("random", "tp", "Pw4Maven77"),
        ("random", "tp", "mysql://u:Pw9db@h"),
        ("random", "tp", "ghp_abc123"),
    ]


def test_at_rest_batches_keep_apart_what_stored_bytes_could_complete() -> None:
    """A short secret that another case's text holds all but its last character of is found
    in a store where that text is followed by any byte `0`: not the same batch."""
    secrets = ["hardcoded0", "eyFake1.eyJFake2.Fake3.hardcoded", "Tr0ub4dor3xZ9"]
    texts = [f"pw = '{secrets[0]}'", f"_authToken={secrets[1]}", f"password: {secrets[2]}"]
    batches = apart(secrets, texts)
    assert not any(0 in batch and 1 in batch for batch in batches)
    assert any(0 in batch and 2 in batch for batch in batches)  # nothing shared: together
    assert apart(["Ab12Cd34Ef56Gh78", "Zy98Xw76Vu54Ts32"]) == [[0, 1]]


def test_kics_lines_listed_by_their_authors_label_their_value() -> None:
    tests = "assets/queries/common/passwords_and_secrets/test/"
    armour = "-----{} RSA PRIVATE KEY-----"
    key = f"{armour.format('BEGIN')}\nProc-Type: 4,ENCRYPTED\n\nAbCd12+/\n{armour.format('END')}"
    files = {
        tests + "positive1.yaml": 'kind: Secret\nstringData:\n  password: "Kite42sky"\n',
        tests + "positive2.dockerfile": "FROM x\nARG password=pass!1213Fs\n",
        tests + "positive3.tf": f'resource "k" "x" {{\n  body = <<EOT\n{key}\nEOT\n}}\n',
        tests + "positive4.yaml": "P:\n  AuthToken: '{{resolve:secretsmanager:x:SecretString:y}}'",
        tests + "positive5.yaml": "env:\n  - POSTGRES_PASSWORD=Pw9db\n",
        tests + "negative1.tf": "password = var.password\n",
        tests + "positive_expected_result.json": json.dumps(
            [
                {"fileName": "positive1.yaml", "line": 3},
                {"fileName": "positive2.dockerfile", "line": 2},
                {"fileName": "positive3.tf", "line": 4},
                {"fileName": "positive4.yaml", "line": 2},
                {"fileName": "positive5.yaml", "line": 2},
            ]
        ),
    }
    rows = [json.loads(line) for line in kics_cases(_reader(files), ()).splitlines()]
    assert [(r["rule"], r["label"], r["secret"]) for r in rows] == [
        ("positive1.yaml", "tp", "Kite42sky"),
        ("positive2.dockerfile", "tp", "pass!1213Fs"),
        ("positive3.tf", "tp", "AbCd12+/"),
        ("positive4.yaml", "tp", ""),  # a reference: left out as unlabelled by the loader
        ("positive5.yaml", "tp", "Pw9db"),
        ("negative1.tf", "fp", ""),
    ]
    assert rows[0]["text"] == files[tests + "positive1.yaml"].strip()


def test_kics_other_queries_give_their_negative_files_without_demo_credentials(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bench.notary import kics

    monkeypatch.setattr(kics, "OTHER_SHARE", 256)  # every path, not half of them
    queries = "assets/queries/"
    demo = next(iter(kics.DEMO_CREDENTIAL))
    files = {
        queries + "terraform/aws/x/test/negative1.tf": 'resource "a" "b" {}\n',
        queries + "terraform/aws/x/test/positive1.tf": 'resource "a" "c" {}\n',
        queries + "k8s/y/test/negative.yaml": "kind: Pod\n",
        queries + demo: "password: demo\n",
        kics.TESTS + "negative1.tf": "password = var.password\n",
    }
    derived = kics.derive_other_negatives(_reader(files), ())
    rows = [json.loads(line) for line in derived.splitlines()]
    assert [(r["rule"], r["label"], r["secret"]) for r in rows] == [
        ("k8s/y/test/negative.yaml", "fp", ""),
        ("terraform/aws/x/test/negative1.tf", "fp", ""),
    ]


def test_kics_positive_files_give_the_lines_around_their_listed_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The probes of the lines around the secret: a positive file without its listed lines (a
    listed line in a heredoc takes the heredoc), the passwords query's of the dev half only,
    other queries' without the files holding a demo credential."""
    from bench.notary import kics
    from bench.notary.cases import half_of

    monkeypatch.setattr(kics, "OTHER_SHARE", 256)
    dev = next(f"positive{i}.tf" for i in range(1, 99) if half_of(f"positive{i}.tf") == "dev")
    held = next(f"positive{i}.tf" for i in range(1, 99) if half_of(f"positive{i}.tf") != "dev")
    demo = next(iter(kics.DEMO_CREDENTIAL_POSITIVE))
    queries, other = "assets/queries/", "assets/queries/terraform/aws/x/test/"
    files = {
        kics.TESTS + dev: 'resource "db" "x" {\n  name = "app"\n  password = "Kite42sky"\n}\n',
        kics.TESTS + held: 'resource "db" "y" {\n  password = "Kite42sky"\n}\n',
        kics.TESTS + "positive_expected_result.json": json.dumps(
            [{"fileName": dev, "line": 3}, {"fileName": held, "line": 2}]
        ),
        other + "positive1.tf": 'key = <<EOT\nAbCd12+/\nEOT\nname = "app"\n',
        other + "positive_expected_result.json": json.dumps(
            [{"fileName": "positive1.tf", "line": 2}]
        ),
        queries + demo: "password: demo\n",
        queries + demo.rsplit("/", 1)[0] + "/positive_expected_result.json": json.dumps(
            [{"fileName": demo.rsplit("/", 1)[1], "line": 1}]
        ),
    }
    around = [
        json.loads(line) for line in kics.derive_around_secrets(_reader(files), ()).splitlines()
    ]
    assert around == [
        {"rule": dev, "label": "fp", "text": 'resource "db" "x" {\n  name = "app"\n}', "secret": ""}
    ]
    others = [
        json.loads(line) for line in kics.derive_other_positives(_reader(files), ()).splitlines()
    ]
    assert others == [
        {
            "rule": "terraform/aws/x/test/positive1.tf",
            "label": "fp",
            "text": 'name = "app"',
            "secret": "",
        }
    ]
