"""The labelled strings of the leak benchmark, their format families, and the baselines.

Data: the `leak` set (manifest bench/data/leak.toml), the literal true- and false-positive
examples of gitleaks' rule definitions, made with `python -m bench.fetch_data leak`. A true
positive's secret is what the rule's author marks as the secret: the rule's secret group applied
to the example (gitleaks' own definition, see bench/gitleaks_examples.py), so no label is ours.
An example the rule does not match is reported as unlabelled and left out.

Baselines, computed in the same run:

* `detect-secrets` alone (1.5.0, its default plugins through `scan_line`, as a user would run
  it): every value it reports is masked;
* optionally the notary of another checkout (`--before PATH`, a tree holding `extractors/` and
  `graph/` of an older commit), run in a subprocess so the two never share modules.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from bench.datasets import dataset_path

PREFIX = "Note: "
"""Each string is sent as a note, as the issue's own trial did."""

FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("keyword & context", ("generic", "curl", "hashicorp-tf-password", "kubernetes", "nuget")),
    ("private keys & JWT", ("private-key", "age", "pkcs", "jwt")),
    ("AI providers", ("openai", "anthropic", "huggingface", "cohere", "perplexity", "privateai")),
    (
        "code hosting & CI",
        (
            "github",
            "gitlab",
            "bitbucket",
            "sourcegraph",
            "travisci",
            "droneci",
            "codecov",
            "harness",
            "octopus",
            "prefect",
            "jfrog",
            "artifactory",
            "clojars",
            "rubygems",
            "pypi",
            "npm",
            "sonar",
            "snyk",
            "sentry",
            "infracost",
            "settlemint",
            "readme",
        ),
    ),
    (
        "cloud & infrastructure",
        (
            "aws",
            "gcp",
            "azure",
            "alibaba",
            "yandex",
            "digitalocean",
            "heroku",
            "flyio",
            "cloudflare",
            "vault",
            "hashicorp",
            "openshift",
            "databricks",
            "planetscale",
            "clickhouse",
            "doppler",
            "pulumi",
            "scalingo",
            "fastly",
            "netlify",
            "grafana",
            "new-relic",
            "datadog",
            "dynatrace",
            "sumologic",
            "launchdarkly",
            "confluent",
            "1password",
            "okta",
            "authress",
            "defined-networking",
            "cisco",
            "sidekiq",
        ),
    ),
    (
        "messaging & mail",
        (
            "slack",
            "discord",
            "telegram",
            "microsoft-teams",
            "twilio",
            "sendgrid",
            "sendinblue",
            "mailchimp",
            "mailgun",
            "messagebird",
            "sendbird",
            "mattermost",
            "gitter",
            "intercom",
            "twitch",
            "twitter",
            "facebook",
            "linkedin",
            "zendesk",
            "beamer",
        ),
    ),
    (
        "payments & commerce",
        (
            "stripe",
            "square",
            "shopify",
            "plaid",
            "flutterwave",
            "gocardless",
            "coinbase",
            "kraken",
            "kucoin",
            "bittrex",
            "finicity",
            "easypost",
            "shippo",
            "duffel",
            "freemius",
            "lob",
            "adobe",
        ),
    ),
)
OTHER = "other providers"


def family_of(rule: str) -> str:
    for name, prefixes in FAMILIES:
        if rule.startswith(prefixes):
            return name
    return OTHER


@dataclass(frozen=True)
class Case:
    rule: str
    family: str
    positive: bool
    text: str
    secret: str = ""

    @property
    def message(self) -> str:
        return PREFIX + self.text


def load_cases(path: Path | None = None) -> tuple[list[Case], int]:
    """The cases (the cached `leak` set unless `path` names another file of its shape), and how
    many true positives had no secret the rule could point at."""
    source = path if path is not None else dataset_path("leak")
    cases: list[Case] = []
    unlabelled = 0
    for line in source.read_text(encoding="utf-8").splitlines():
        raw = json.loads(line)
        positive = raw["label"] == "tp"
        secret = str(raw.get("secret", "")) if positive else ""
        if positive and len(secret) < 6:
            unlabelled += 1
            continue
        cases.append(Case(raw["rule"], family_of(raw["rule"]), positive, raw["text"], secret))
    return cases, unlabelled


def leaked(secret: str, haystack: str, window: int = 12) -> bool:
    """Whether `secret`, or any `window` characters of it, is in `haystack`."""
    if len(secret) <= window:
        return secret in haystack
    return any(secret[i : i + window] in haystack for i in range(len(secret) - window + 1))


# --- baselines -------------------------------------------------------------------------------


def detect_secrets_alone() -> Callable[[str], str]:
    """A masker that hides every value detect-secrets' default plugins report in a line."""
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import default_settings

    def mask(text: str) -> str:
        with default_settings():
            values = {str(s.secret_value) for s in scan_line(text) if s.secret_value}
        for value in sorted(values, key=len, reverse=True):
            text = text.replace(value, "[MASKED]")
        return text

    return mask


_BEFORE = """
import json, sys, time
from extractors.notary.core import notarize
texts, corpus = json.load(sys.stdin)
masked = [notarize(t).text for t in texts]
notarize("warm up password=Xy9secret!")
start = time.perf_counter()
for t in corpus:
    notarize(t)
print(json.dumps({"masked": masked, "seconds": time.perf_counter() - start}))
"""


def notary_of(tree: Path, texts: list[str], corpus: list[str]) -> tuple[list[str], float]:
    """Another checkout's notary over `texts` (masked) and its time over `corpus` (seconds)."""
    done = subprocess.run(
        [sys.executable, "-c", _BEFORE],
        input=json.dumps([texts, corpus]),
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        cwd=tree,  # `python -c` puts the working directory first on the path
    )
    out = json.loads(done.stdout)
    return list(out["masked"]), float(out["seconds"])


def seconds_over(mask: Callable[[str], object], corpus: Iterable[str]) -> float:
    texts = list(corpus)
    mask("warm up password=Xy9secret!")
    start = time.perf_counter()
    for text in texts:
        mask(text)
    return time.perf_counter() - start
