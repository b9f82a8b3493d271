"""The public data sets the benchmarks read: one manifest per set (`<set>.toml`: source
repository, commit, files, license, attribution, how the slice is derived and its sha256),
`sets.py` hands a benchmark the checked slice, `python -m bench.data SET --mirror GIT_DIR` makes
it once from a local snapshot (fetch.py), with the derivations of derive.py or the subject's
own."""
