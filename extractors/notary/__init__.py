"""The notary, which runs before anything is extracted, embedded or indexed: `core.notarize`
with HTML injection detection (`html`), invisible Unicode stripping (`unicode`) and credential
masking (our rules in `patterns`, detect-secrets in `plugins`, key names in `keys`, shared
value checks in `values`)."""
