"""The entities' verbs: the nodes facts connect, merged by normalised name within one tenant,
and the relational walk's hop from a set of entities to the facts that touch them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graph.domain.errors import InvalidInput
from graph.domain.model import Entity, Fact
from graph.domain.timerules import CURRENT, TimeQuery
from graph.ports.limits import check_limit


@dataclass(frozen=True)
class EdgeQuery:
    """One hop of a relational walk: at which time, which predicate, how many records."""

    time: TimeQuery | None = CURRENT
    predicate: str | None = None
    limit: int = 100

    def __post_init__(self) -> None:
        check_limit(self.limit)


class EntityReads(ABC):
    """The tenant's entities, as read."""

    @abstractmethod
    def get(self, group_id: str, normalized: Sequence[str]) -> dict[str, Entity]:
        """Entities by normalised name."""

    @abstractmethod
    def by_uuid(self, group_id: str, uuids: Sequence[str]) -> list[Entity]:
        """The tenant's entities with these uuids (missing or foreign ids are skipped)."""

    @abstractmethod
    def edges(
        self, group_id: str, entity_uuids: Sequence[str], edges: EdgeQuery, now: datetime
    ) -> list[Fact]:
        """Up to `edges.limit` records with an end (subject or object) among `entity_uuids`,
        visible under `edges.time` (every record with None), of `edges.predicate` if given,
        ordered by uuid: one hop of a relational walk."""


class Entities(EntityReads):
    """The tenant's entities, read and written."""

    @abstractmethod
    def upsert(self, entities: Sequence[Entity]) -> dict[str, Entity]:
        """Create one tenant's entities that do not exist yet (merged by normalized name);
        returns the stored entity for every normalized name given. Mixing tenants in one
        call is InvalidInput."""


def single_tenant(records: Sequence[Entity]) -> str | None:
    """The one tenant of a batch, or InvalidInput when the batch mixes tenants."""
    groups = {record.group_id for record in records}
    if len(groups) > 1:
        raise InvalidInput("one call may write only one tenant's entities", field="group_id")
    return next(iter(groups), None)
