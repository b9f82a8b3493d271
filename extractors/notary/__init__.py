"""The notary, which runs before anything is extracted, embedded or indexed: `core.notarize`
with HTML injection detection (`html`), invisible Unicode stripping (`unicode`) and credential
masking (the grammar of named secrets in `grammar` and `shapes`, structural families in
`families` and `commands`, all run from `patterns`; betterleaks in `providers`, detect-secrets
in `plugins`, key names in `keys`, shared value checks in `values`, what is not a secret in
`precision`)."""
