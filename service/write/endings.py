"""What an ending ends: "I left X" names no state, so the reader guesses one from X ("left
Paris" -> lives_in, "left Initech" -> works_at), and a name it does not know may be guessed
wrong (spaCy tags many company names as places). The write takes the state whose current
record holds X (`[leaving]` in extractors/predicates.toml lists the states one leaves): "I
work at Initech." then "I left Initech." ends the job, whatever spaCy made of Initech. When no
state holds X, the reader's guess stands."""

from __future__ import annotations

from dataclasses import dataclass

from extractors.predicates import PredicateTable
from extractors.schema import CandidateFact
from extractors.typing import type_candidate
from graph.domain.conflicts import PredicateRules
from graph.domain.enums import MemoryLayer, MemoryType, SourceType
from graph.domain.model import Fact
from graph.domain.signature import signature_of


@dataclass(frozen=True)
class Meaning:
    """Another state a statement may be about: the fields of a record of it."""

    predicate: str
    rules: PredicateRules
    category: str
    memory_type: MemoryType
    layer: MemoryLayer

    def of(self, fact: Fact) -> Fact:
        """`fact` said of this state instead (its signature re-made)."""
        moved = fact.model_copy(
            update={
                "predicate": self.predicate,
                "cardinality": self.rules.cardinality,
                "categories": (self.category,),
                "memory_type": self.memory_type,
                "layer": self.layer,
            }
        )
        return moved.model_copy(update={"signature": signature_of(moved)})


def other_meanings(
    table: PredicateTable,
    candidate: CandidateFact,
    source_type: SourceType,
    memory_type: MemoryType | None,
) -> tuple[Meaning, ...]:
    """The other states an ending may end (none for any other statement)."""
    if candidate.change != "ends":
        return ()
    out = []
    for info in table.ends_also(candidate.predicate):
        typing = type_candidate(table, info.category, 1.0, source_type, memory_type)
        rules = PredicateRules(info.cardinality, info.preference)
        out.append(Meaning(info.name, rules, info.category, typing.memory_type, typing.layer))
    return tuple(out)
