"""Deterministic synthetic facts at a fixed clock (`NOW`)."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

from graph.domain.model import Entity, Fact
from graph.domain.signature import fact_signature, normalize_text

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
DIM = 512
FACTS_PER_SUBJECT = 20
VALUES = 1000


@dataclass
class Synth:
    """Deterministic synthetic facts: FACTS_PER_SUBJECT facts per subject, shared values."""

    group_id: str
    seed: int = 7

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.np_rng = np.random.default_rng(self.seed)
        self.entities: dict[str, Entity] = {}

    def subject(self, index: int) -> str:
        return f"subject {index // FACTS_PER_SUBJECT}"

    def entity(self, name: str) -> tuple[Entity, bool]:
        key = normalize_text(name)
        if key in self.entities:
            return self.entities[key], False
        made = Entity(
            uuid=str(uuid.uuid4()),
            group_id=self.group_id,
            name=name,
            normalized=key,
            created_at=NOW,
        )
        self.entities[key] = made
        return made, True

    def chunk(self, start: int, stop: int) -> tuple[list[Entity], list[Fact]]:
        """Facts number start..stop-1 and the entities they introduce."""
        vectors = self.np_rng.standard_normal((stop - start, DIM)).astype(np.float32)
        new_entities: list[Entity] = []
        facts: list[Fact] = []
        for offset, number in enumerate(range(start, stop)):
            subject, fresh_s = self.entity(self.subject(number))
            value, fresh_v = self.entity(f"value {self.rng.randrange(VALUES)}")
            new_entities += [e for e, fresh in ((subject, fresh_s), (value, fresh_v)) if fresh]
            facts.append(self.fact(number, subject, value, tuple(vectors[offset].tolist())))
        return new_entities, facts

    def fact(self, number: int, subject: Entity, value: Entity, vector: tuple[float, ...]) -> Fact:
        predicate = f"p{number % 7}"
        valid = NOW - timedelta(days=self.rng.randrange(1, 2000))
        signature = fact_signature(
            group_id=self.group_id,
            subject_key=subject.normalized,
            predicate=predicate,
            value_key=value.normalized,
            polarity=1,
            scope="",
            period=f"n{number}",
        )
        return Fact(
            uuid=str(uuid.uuid4()),
            group_id=self.group_id,
            subject=subject.name,
            subject_key=subject.normalized,
            subject_uuid=subject.uuid,
            predicate=predicate,
            value=value.name,
            value_key=value.normalized,
            object_uuid=value.uuid,
            fact=f"{subject.name} {predicate} {value.name}",
            fact_embedding=vector,
            valid_at=valid,
            knowledge_time=NOW,
            created_at=NOW,
            signature=signature,
        )
