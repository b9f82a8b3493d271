"""The labelled strings of the leak benchmark, their format families, and the baselines.

Data: the `leak` set (manifest bench/data/leak.toml), the literal true- and false-positive
examples of gitleaks' rule definitions, made with `python -m bench.data leak`. A true
positive's secret is what the rule's author marks as the secret: the rule's secret group applied
to the example (gitleaks' own definition, see bench/notary/gitleaks.py), so no label is ours.
An example the rule does not match is reported as unlabelled and left out.

Baselines, computed in the same run:

* `detect-secrets` alone (1.5.0, its default plugins through `scan_line`, as a user would run
  it): every value it reports is masked;
* optionally the notary of another checkout (`--before PATH`, a tree holding `extractors/` and
  `graph/` of an older commit), run in a subprocess so the two never share modules.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.data.sets import dataset_path
from bench.runner.checkouts import in_tree

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
HALVES = ("dev", "held-out")
"""The data is split by rule id, deterministically (`half_of`): rules are tuned on the dev half
only; the held-out half is only measured, so a fix fitted to one rule's examples shows up as a
gap between the two."""


def half_of(rule: str) -> str:
    """The half a rule belongs to: the parity of the first byte of its id's SHA-256."""
    return HALVES[hashlib.sha256(rule.encode("utf-8")).digest()[0] % 2]


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
    source: str = "leak"
    """The data set it comes from (bench/notary/sources.py keeps several apart)."""

    @property
    def message(self) -> str:
        return PREFIX + self.text

    @property
    def half(self) -> str:
        return half_of(self.rule)


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


def _windows(secret: str, window: int) -> set[str]:
    return {secret[i : i + window] for i in range(len(secret) - window + 1)}


def leaked_each(secrets: list[str], haystack: str, window: int = 12) -> list[bool]:
    """`leaked` for many secrets over one large haystack (a database file of megabytes), in
    one pass: only the haystack's runs of the secrets' characters are read, each `window`
    characters of them looked up in the set of the secrets' windows. The same answers as
    `leaked`, in time linear in the haystack instead of its length times every window."""
    wanted = set().union(*(_windows(s, window) for s in secrets if len(s) > window))
    alphabet = "".join(sorted({c for w in wanted for c in w}))
    found: set[str] = set()
    if wanted:
        for run in re.finditer(f"[{re.escape(alphabet)}]{{{window},}}", haystack):
            text = run.group()
            found.update(
                w for i in range(len(text) - window + 1) if (w := text[i : i + window]) in wanted
            )
    return [
        secret in haystack
        if len(secret) <= window
        else not _windows(secret, window).isdisjoint(found)
        for secret in secrets
    ]


def apart(secrets: list[str], texts: list[str] | None = None, window: int = 12) -> list[list[int]]:
    """The indexes of `secrets` in batches (first fit, in order) where no secret holds another,
    no two share `window` characters and no case's text holds another's secret, nor all of it
    but `MARGIN` characters (`_pieces`): with one store per batch, a secret found at rest was
    stored by its own case, not by another case whose secret or text contains it (whispers'
    authors put the word `hardcoded` in every secret and their snippets overlap; trufflehog's
    and gitleaks' repeat a key across cases), nor made of another case's stored bytes and
    whatever the store writes beside them: whispers' `hardcoded0` was found in a database
    holding another case's `...Fake3.hardcoded` followed by an id or a time beginning with
    `0` (a record's next column, an FTS term's doclist), in some runs and not others."""
    texts = texts if texts is not None else secrets
    keys = [_windows(s, window) if len(s) > window else {s} for s in secrets]
    pieces = [_pieces(s, window) for s in secrets]
    batches: list[list[int]] = []
    for i, secret in enumerate(secrets):
        for batch in batches:
            if not any(
                _overlap(secret, keys[i], secrets[j], keys[j])
                or _held(pieces[i], texts[j])
                or _held(pieces[j], texts[i])
                for j in batch
            ):
                batch.append(i)
                break
        else:
            batches.append([i])
    return batches


MARGIN = 2
"""How many characters of a secret a store's neighbouring bytes may complete by chance: a
record's next column or an index's binary doclist can follow a stored value with any byte."""
MIN_PIECE = 6


def _pieces(secret: str, window: int) -> set[str]:
    """The pieces of `secret` that, found in another case's text, could be completed to what
    the at-rest search looks for (the whole secret up to `window` characters, else a window of
    it) by `MARGIN` stored bytes beside them."""
    size = max(MIN_PIECE, min(len(secret), window) - MARGIN)
    return _windows(secret, size) if len(secret) > size else {secret}


def _held(pieces: set[str], text: str) -> bool:
    return any(piece in text for piece in pieces)


def _overlap(a: str, a_keys: set[str], b: str, b_keys: set[str]) -> bool:
    return a in b or b in a or not a_keys.isdisjoint(b_keys)


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


_MASK = """
import json, sys
from extractors.notary.core import notarize
print(json.dumps([notarize(t).text for t in json.load(sys.stdin)]))
"""


def notary_of(tree: Path, texts: list[str]) -> list[str]:
    """Another checkout's notary over `texts`: the masked texts."""
    return [str(t) for t in in_tree(tree, _MASK, texts)]
