"""Typing: which kind of memory a candidate becomes, in which layer, with what confidence.

The caller's `memory_type` wins; otherwise the candidate's category maps to a type and layer
through the predicate table's `[categories]`. The layer of a caller-given type follows
`LAYER_OF_TYPE`. The source decides the initial confidence: a candidate is never more
confident than its source's prior (a user's own statement 0.9, a web result 0.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from extractors.predicates import PredicateTable
from graph.domain.enums import MemoryLayer, MemoryType, SourceType

SOURCE_PRIOR: dict[SourceType, float] = {
    SourceType.SYSTEM: 0.95,
    SourceType.USER: 0.9,
    SourceType.FILE: 0.85,
    SourceType.EXTERNAL: 0.6,
    SourceType.AGENT_GENERATED: 0.6,
    SourceType.INFERENCE: 0.55,
    SourceType.WEB_SEARCH: 0.5,
}

LAYER_OF_TYPE: dict[MemoryType, MemoryLayer] = {
    MemoryType.SEMANTIC: MemoryLayer.SEMANTIC,
    MemoryType.EPISODIC: MemoryLayer.EPISODIC,
    MemoryType.PROCEDURAL: MemoryLayer.PROCEDURAL,
    MemoryType.PREFERENCE: MemoryLayer.SEMANTIC,
    MemoryType.LESSON: MemoryLayer.REFLECTIVE,
    MemoryType.IDENTITY: MemoryLayer.SEMANTIC,
    MemoryType.REFLECTION: MemoryLayer.REFLECTIVE,
    MemoryType.STRATEGY: MemoryLayer.PROCEDURAL,
    MemoryType.TODO: MemoryLayer.WORKING,
    MemoryType.NOTE: MemoryLayer.WORKING,
    MemoryType.SESSION: MemoryLayer.WORKING,
    MemoryType.FACT: MemoryLayer.SEMANTIC,
    MemoryType.EVENT: MemoryLayer.EPISODIC,
}


@dataclass(frozen=True)
class Typing:
    memory_type: MemoryType
    layer: MemoryLayer
    confidence: float


def type_candidate(
    table: PredicateTable,
    category: str,
    confidence: float,
    source_type: SourceType,
    memory_type: MemoryType | None = None,
) -> Typing:
    """Memory type, layer and initial confidence of one candidate."""
    if memory_type is not None:
        kind, layer = memory_type, LAYER_OF_TYPE[memory_type]
    else:
        mapped = table.typing_for(category)
        kind, layer = mapped.memory_type, mapped.layer
    return Typing(kind, layer, round(min(confidence, SOURCE_PRIOR[source_type]), 4))
