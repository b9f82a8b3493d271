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

from graph.domain.model import Episode, Fact
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
