"""The notary: credentials left at rest per source, false masking and cost, in one run
(`python -m bench.notary`, measure.py over the sources of sources.py and the labelled strings of
cases.py), the leak benchmark (`bench.notary.leak`), the cost per message against an older
checkout (`bench.notary.cost`); each source's labelled strings are derived by gitleaks.py
(with rules.py), secretlint.py, trufflehog.py, patterns.py and whispers.py."""
