"""When it happened: the dated answer on public conversations (`python -m bench.when`,
dialogue.py over data.py's sets), and the time grammar on TempEval-3's annotations (`python -m
bench.when.timex` over timex_data.py)."""
