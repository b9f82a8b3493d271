"""Aliases: does the encoder tell another name of a value from a different value?

`python -m bench.aliases` (encoder.py, on CLDR names; `--second-source`: sources.py, on a second
source); measures.py holds what both score with."""
