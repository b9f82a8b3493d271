"""A value said many times costs its occurrences once, not once per time it was found: the
maintained rule set reports the same password on every line it is assigned, and each report
was turned into a finding at every occurrence of the value, N lines making N² findings (5.6 s
for 10 KB of `password: x` lines, a quadratic worst case on every write). Each value's
occurrences are now taken once per rule; every occurrence is still masked."""

from __future__ import annotations

from extractors.notary.core import notarize
from extractors.notary.providers import provider_findings

LINES = 60


def test_a_value_reported_on_many_lines_is_found_once_per_occurrence() -> None:
    text = "password: dbredis7pass\n" * LINES
    spans = [(f.start, f.end, f.label) for f in provider_findings(text)]
    assert len(spans) == len(set(spans)) <= 2 * LINES


def test_every_occurrence_is_still_masked() -> None:
    text = "password: dbredis7pass\n" * LINES
    masked = notarize(text).text
    assert "dbredis7pass" not in masked and masked.count("[REDACTED") == LINES
