"""The Cypher projection of a fact lists every field of the domain record but the embedding."""

from __future__ import annotations

import re
from pathlib import Path

from graph.domain.model import Fact

FRAGMENT = Path(__file__).resolve().parents[2] / "cypher" / "fragment_fact_fields.cypher"


def test_the_projection_matches_the_record() -> None:
    code = "\n".join(
        line for line in FRAGMENT.read_text().splitlines() if not line.lstrip().startswith("//")
    )
    listed = set(re.findall(r"\.([a-z_]+)", code)) | set(re.findall(r"([a-z_]+): ", code))
    assert listed == set(Fact.model_fields) - {"fact_embedding"}
