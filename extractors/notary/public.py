"""Public identifier shapes: ids that a system shows to anyone who may see the object, so
they are no credential even though they look drawn. The unlabelled high-entropy check
(`notary.plugins`) leaves them alone; a credential word that governs one still masks it through
the grammar (`private_key = 0x...`, `secret: acct_...`), which runs first.

One rule per shape:

* **on-chain ids**: `0x` and 40 hex digits (an Ethereum address, checksummed in mixed case or
  not), public by design, printed on every explorer; `0x` and 64 hex digits only when the
  words just before it name a hash (`tx`, `txid`, `transaction`, `hash`, `block`, `receipt`):
  a private key is 64 hex digits too, and one pasted bare stays masked;
* **advisory ids**: a registry's name, then its number (`GHSA-jfh8-c2jp-5v3q` in GitHub's
  alphabet of 20 characters, `CVE-2021-44228`, `PYSEC-2021-19`, `RUSTSEC-2021-0001`,
  `GO-2022-0001`, `GSD-2021-1000`, `OSV-2020-111`);
* **object ids**: a short name of the kind of object, an underscore and the id, as payment and
  SaaS APIs print them (Stripe's `acct_`, `cus_`, `ch_`, `pi_`, `pm_`, `in_`, `sub_`, `prod_`,
  `price_`, `evt_`, `txn_`, `po_`, `tr_`, `seti_`, `src_`, `card_`, `ba_`, `cs_`, `si_`; and
  `org_`, `user_`, `usr_`, `req_`, `ord_`, `inv_`, `proj_`): the kinds name an object, never a
  key (a key's prefix names the key: `sk_`, `rk_`, `whsec_`, `re_`).
* **resource names**: lower-case words joined by `-` around drawn pieces (`acme-hfqy4ols3z-
  staging`, `web-x8d2kq1-eu-prod`): a bucket, host or deployment named by a person, its first and
  last pieces words (letters only, 2 to 12, with a vowel unless 3 or fewer: `db`, `stg`), its
  drawn pieces at most `MAX_DRAWN_IN_NAME` characters together;
* **OpenSSH public keys**: the base64 body (`AAAA...`) after a key type and a space
  (`ssh-rsa`, `ssh-ed25519`, `ssh-dss`, `ecdsa-sha2-nistp256`, the security-key types
  `sk-ssh-ed25519@openssh.com`), as `authorized_keys`, Terraform's `aws_key_pair` and
  cloud-init write them: a public key, handed to every server it opens.
"""

from __future__ import annotations

import re

_ON_CHAIN = r"0x[0-9a-fA-F]{40}"
_HASH_64 = re.compile(r"0x[0-9a-fA-F]{64}")
_NAMES_A_HASH = re.compile(r"(?i:\b(?:tx|txn|txid|transaction|hash|block|receipt)s?\b)")
HASH_WINDOW = 40
_ADVISORY = (
    r"GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}"
    r"|(?:CVE|GSD|PYSEC|RUSTSEC|GO|OSV)-\d{4}-\d{1,7}"
)
_OBJECT_KINDS = (
    "acct|cus|ch|pi|pm|in|sub|prod|price|evt|txn|po|tr|seti|src|card|ba|cs|si"
    "|org|user|usr|req|ord|inv|proj"
)
_OBJECT = rf"(?:{_OBJECT_KINDS})_[A-Za-z0-9]{{8,40}}"
PUBLIC_ID = re.compile(rf"(?:{_ON_CHAIN}|{_ADVISORY}|{_OBJECT})")
_SSH_KEY_TYPE = re.compile(
    r"(?:sk-)?(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d{3})(?:@openssh\.com)?[ \t]+$"
)
SSH_TYPE_WINDOW = 40

MAX_DRAWN_IN_NAME = 16
_NAME_WORD = re.compile(r"[a-z]{2,12}")
_VOWELS = frozenset("aeiouy")


def public_identifier(text: str, start: int, end: int) -> bool:
    """Whether the token `text[start:end]` (whole, as the high-entropy check reads it) has a
    public identifier's shape (see the module docstring)."""
    token = text[start:end]
    if token.startswith("AAAA") and _SSH_KEY_TYPE.search(
        text, max(0, start - SSH_TYPE_WINDOW), start
    ):
        return True  # an OpenSSH public key's body
    if _HASH_64.fullmatch(token):
        return _NAMES_A_HASH.search(text, max(0, start - HASH_WINDOW), start) is not None
    return PUBLIC_ID.fullmatch(token) is not None or resource_name(token)


def _word(part: str) -> bool:
    return _NAME_WORD.fullmatch(part) is not None and (len(part) <= 3 or bool(_VOWELS & set(part)))


def resource_name(token: str) -> bool:
    """Lower-case words joined by `-` around drawn pieces (see the module docstring)."""
    if token != token.lower():
        return False
    parts = token.split("-")
    if len(parts) < 3 or not (_word(parts[0]) and _word(parts[-1])):
        return False
    drawn = sum(len(part) for part in parts[1:-1] if not _word(part))
    return drawn <= MAX_DRAWN_IN_NAME
