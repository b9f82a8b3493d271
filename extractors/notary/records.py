"""What a turn that carried a credential leaves behind: a value-free record of the sharing.

"here is my OpenAI key sk-..." is stored as the masked turn (`[REDACTED:openai_api_key]`), and
also as one record per kind of credential in it: the speaker `shared_credential` "OpenAI API
key", with the turn as its source episode and the placeholder as its source span (where), and
the turn's time (when). So "did I give you my OpenAI key?" can be answered, without the key.
The record is read from the placeholders in the sanitised text, never from the original.
"""

from __future__ import annotations

from extractors.notary.values import MASKED, readable
from extractors.schema import SPEAKER, CandidateFact
from graph.domain.enums import FactType

PREDICATE = "shared_credential"
CATEGORY = "event"


def credential_records(text: str) -> list[CandidateFact]:
    """One `shared_credential` record per kind of placeholder in sanitised `text`."""
    records: dict[str, CandidateFact] = {}
    for match in MASKED.finditer(text):
        kind = match.group(1) or "secret"
        if kind in records:
            continue
        name = readable(kind)
        records[kind] = CandidateFact(
            subject=SPEAKER,
            predicate=PREDICATE,
            value=name,
            category=CATEGORY,
            confidence=1.0,
            fact_type=FactType.OBSERVATION,
            span=match.span(),
            sentence=f"shared {_article(name)} {name} (the value was masked)",
        )
    return list(records.values())


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" else "a"
