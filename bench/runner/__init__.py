"""What every benchmark shares: its options (`options`), timing and percentiles (`timing`), a
store to measure (`stores`), deterministic synthetic facts (`synth`), tables and ratios measured
in one run (`tables`), and another checkout run beside this one (`checkouts`).

Absolute times on a shared machine drift 2-5x between runs, so every benchmark prints ratios
measured in the same run, next to the absolute numbers.
"""
