"""Source permissions on the read side (docs/tenancy.md).

An add may name `permissions`: the principals allowed to read what its source says; they are
kept on its episodes. With API keys on, a caller's key carries principals (`service.http.auth` puts
them on the request), and every read shows a record only when one of its source episodes is
open (no permissions) or grants one of the caller's principals, so a broad index (search, a
tenant-wide fact listing) cannot be used to read a source the caller may not read. Without API
keys (`principals=None`) the service trusts its network and shows the tenant everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graph.domain.model import Episode, Fact
from graph.ports.facts import AlignmentKey, FactQuery, FactReads
from graph.ports.search import source_ids
from graph.ports.store import StoreReads

Principals = tuple[str, ...] | None
"""The caller's principals; None: no API keys, nothing is withheld."""


def readable(
    tx: StoreReads, group_id: str, facts: Sequence[Fact], principals: Principals
) -> list[Fact]:
    """The records among `facts` the caller may read (one episode lookup for all of them)."""
    wanted = sorted(source_ids(facts)) if principals is not None else []
    if not wanted:
        return list(facts)
    return readable_among(facts, tx.episodes.get(group_id, wanted), principals)


def readable_among(
    facts: Sequence[Fact], sources: Sequence[Episode], principals: Principals
) -> list[Fact]:
    """The records among `facts` the caller may read, given the episodes they were read from."""
    if principals is None:
        return list(facts)
    allowed = set(principals)
    closed = {
        episode.uuid
        for episode in sources
        if episode.permissions and not allowed.intersection(episode.permissions)
    }
    return [fact for fact in facts if not _sources(fact) or _sources(fact) - closed]


def open_to(permissions: Sequence[str] | None, principals: Principals) -> bool:
    """May a caller with `principals` read a source with these `permissions`?"""
    return principals is None or not permissions or bool(set(principals) & set(permissions))


def _sources(fact: Fact) -> set[str]:
    return source_ids([fact])


def readable_facts(tx: StoreReads, principals: Principals) -> FactReads:
    """The tenant's records as a caller with `principals` may read them (all of them without
    keys): what a dry run judges against, so a closed record is as absent as a missing one."""
    return tx.facts if principals is None else ReadableFacts(tx, principals)


class ReadableFacts(FactReads):
    """`tx.facts` without the records the caller may not read."""

    def __init__(self, tx: StoreReads, principals: Principals) -> None:
        self._tx, self._facts, self._principals = tx, tx.facts, principals

    def _kept(self, group_id: str, facts: Sequence[Fact]) -> list[Fact]:
        return readable(self._tx, group_id, facts, self._principals)

    def get(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        return self._kept(group_id, self._facts.get(group_id, uuids))

    def by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        found = self._facts.by_signatures(group_id, signatures)
        kept = {f.uuid for f in self._kept(group_id, list(found.values()))}
        return {key: fact for key, fact in found.items() if fact.uuid in kept}

    def aligned(self, group_id: str, keys: Sequence[AlignmentKey], now: datetime) -> list[Fact]:
        return self._kept(group_id, self._facts.aligned(group_id, keys, now))

    def find(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
        return self._kept(group_id, self._facts.find(group_id, query, now))

    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        return self._kept(group_id, self._facts.history(group_id, subject_key, predicate))

    def subject_keys(self, group_id: str, after: str, limit: int, now: datetime) -> list[str]:
        return self._facts.subject_keys(group_id, after, limit, now)  # keys, no record

    def of_subjects(self, group_id: str, subject_keys: Sequence[str], now: datetime) -> list[Fact]:
        return self._kept(group_id, self._facts.of_subjects(group_id, subject_keys, now))

    def of_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> list[Fact]:
        return self._kept(group_id, self._facts.of_episodes(group_id, episode_uuids))
