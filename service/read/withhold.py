"""Source permissions on every answer: what a caller may not read is taken out of it.

`access.py` filters the records a read use case fetches; this module is the last step of
every answer (REST and GraphQL alike, `service.http.routes.deps.shown`,
`service.graphql.context.shown`), so a record the caller's key may not read crosses no path:
not a write's answer (the record an add superseded), not a conflict plan, not a history's
link. It walks the answer model:

* every id it holds (a record's `id`, `target_id`, `fact_id`, `supersedes`, `superseded_by`,
  `episode_id`, ...) is looked up once: the records and episodes the caller may not read
  are *withheld*;
* a model anchored on a withheld id (a record, a search hit, a chain problem, an audit pair) is
  dropped from its list; a required part dropped drops its parent; the answer itself dropped is
  NotFound, as a direct read of the record would be;
* an optional reference to a withheld id becomes null, and a verdict against a withheld record
  keeps its `conflict_type`, `action` and `executed` but not its target or reason (which quote
  the record's value): the caller learns that its statement met a record it may not read,
  never which record or what it says.

Without API keys (`principals` None) answers pass unchanged.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from graph.domain.errors import Forbidden, NotFound
from graph.domain.tenancy import TenantScope
from graph.ports.export import record_id
from graph.ports.store import Store, StoreReads
from service.read.access import Principals, open_to, readable

M = TypeVar("M", bound=BaseModel)

IDS = frozenset(
    {
        "id",
        "target_id",
        "fact_id",
        "record",
        "link",
        "supersedes",
        "superseded_by",
        "promoted_id",
        "episode_id",
        "episode_ids",
    }
)
"""Fields naming a record or an episode."""
SOURCE_CHECK = 100_000
"""Most episodes of one source checked before a source-wide action (as reprocess reads)."""
WITHHELD = "a record from a source this key may not read"


class _Drop:
    """A part of an answer the caller may not see."""


DROP = _Drop()


def withheld(tx: StoreReads, group_id: str, answer: BaseModel, principals: Principals) -> set[str]:
    """The ids in `answer` the caller may not read: records all of whose sources are closed
    to it, closed episodes, and unstored records (candidates) read from a closed episode."""
    pairs = list(_ids(answer))
    ids = sorted({i for i, _ in pairs} | {e for _, e in pairs if e})
    if principals is None or not ids:
        return set()
    facts = tx.facts.get(group_id, ids)
    hidden = {f.uuid for f in facts} - {f.uuid for f in readable(tx, group_id, facts, principals)}
    hidden |= {
        e.uuid for e in tx.episodes.get(group_id, ids) if not open_to(e.permissions, principals)
    }
    stored = {f.uuid for f in facts}
    hidden |= {i for i, episode in pairs if i not in stored and episode in hidden}
    return hidden


class Caller(NamedTuple):
    """Who asks, with API keys on: the key's user (every request acts for it:
    `graph.domain.tenancy.acting_user`) and its principals; None for both with keys off."""

    user: str | None
    principals: Principals


def shown(store: Store, caller: Caller, answer: M) -> M:
    """`answer` as `caller` may see it: the last step of every REST route and GraphQL
    resolver that answers with records."""
    if caller.principals is None or caller.user is None:
        return answer
    group, principals = TenantScope(user_id=caller.user).group_id, caller.principals
    return store.read(lambda tx: withhold(tx, group, answer, principals))


def readable_or_404(store: Store, caller: Caller, record_id: str) -> None:
    """NotFound unless `caller` may read the record (or candidate) a by-id action acts on."""
    if caller.principals is not None and caller.user is not None:
        group, principals = TenantScope(user_id=caller.user).group_id, caller.principals
        store.read(lambda tx: require_readable(tx, group, record_id, principals))


def source_readable_or_404(store: Store, caller: Caller, source: str | None) -> None:
    """NotFound unless `caller` may read every episode of `source` (the source-wide actions,
    reprocess and forget, act only on sources the caller may read)."""
    if source is None or caller.principals is None or caller.user is None:
        return
    group, principals = TenantScope(user_id=caller.user).group_id, caller.principals
    episodes = store.read(lambda tx: tx.episodes.of_source(group, source, SOURCE_CHECK))
    if not all(open_to(e.permissions, principals) for e in episodes):
        raise NotFound(f"no source {source!r} in this tenant", details={"source": source})


def tenant_readable_or_403(store: Store, caller: Caller) -> None:
    """Forbidden unless `caller` may read every episode of its tenant: erasing a user destroys
    every record, so it takes a key that may read them all (as forgetting a source takes one
    that may read the source)."""
    if caller.principals is None or caller.user is None:
        return
    group, principals = TenantScope(user_id=caller.user).group_id, caller.principals
    after = ""
    while page := store.read(lambda tx: tx.export.page(group, "episode", after, SOURCE_CHECK)):  # noqa: B023
        if not all(open_to(getattr(e, "permissions", ()), principals) for e in page):
            raise Forbidden(
                f"this key may not read every record of user {caller.user!r}; erasing a user"
                " takes a key holding every principal its sources name"
            )
        after = record_id(page[-1])


def withhold(tx: StoreReads, group_id: str, answer: M, principals: Principals) -> M:
    """`answer` without what the caller may not read (see the module's doc)."""
    hidden = withheld(tx, group_id, answer, principals)
    if not hidden:
        return answer
    kept = _clean(answer, hidden)
    if isinstance(kept, _Drop):
        raise NotFound("no such record in this tenant")
    return kept  # type: ignore[no-any-return]


def require_readable(tx: StoreReads, group_id: str, record_id: str, principals: Principals) -> None:
    """NotFound unless the caller may read the record or candidate `record_id` (one not
    stored at all passes: the use case answers for that itself). The by-id actions (rollback,
    confirm, reject, resolve a record, decide a candidate) act only on what the caller may read."""
    if principals is None:
        return
    found = tx.facts.get(group_id, [record_id])
    candidate = tx.candidates.get(group_id, record_id) if not found else None
    if candidate is not None:
        found = [candidate.fact]
    if found and not readable(tx, group_id, found, principals):
        raise NotFound(f"no record {record_id} in this tenant", details={"id": record_id})


def _ids(value: Any) -> Iterator[tuple[str, str | None]]:
    """(id, the episode it was read from) of every id field in `value`."""
    if isinstance(value, list | tuple):
        for item in value:
            yield from _ids(item)
        return
    if not isinstance(value, BaseModel):
        return
    episode = getattr(value, "episode_id", None)
    for name in type(value).model_fields:
        found = getattr(value, name)
        if name in IDS and isinstance(found, str):
            yield found, episode if isinstance(episode, str) and name == "id" else None
        elif name in IDS and isinstance(found, list):
            yield from ((i, None) for i in found if isinstance(i, str))
        else:
            yield from _ids(found)


def _clean(value: Any, hidden: set[str]) -> Any:
    if isinstance(value, list):
        return [kept for kept in (_clean(v, hidden) for v in value) if not isinstance(kept, _Drop)]
    if not isinstance(value, BaseModel):
        return value
    update: dict[str, Any] = {}
    for name in type(value).model_fields:
        found = getattr(value, name)
        kept = _field(type(value), name, found, hidden)
        if isinstance(kept, _Drop):
            return DROP
        if kept is not found:
            update[name] = kept
    if update.get("target_id", "") is None and "reason" in type(value).model_fields:
        update["reason"] = WITHHELD
    return value.model_copy(update=update) if update else value


def _field(model: type[BaseModel], name: str, found: Any, hidden: set[str]) -> Any:
    """The field's value as the caller may see it, or DROP for the model holding it."""
    if name in IDS and isinstance(found, str) and found in hidden:
        return None if _optional(model, name) else DROP
    if name in IDS and isinstance(found, list):
        return [i for i in found if i not in hidden]
    kept = _clean(found, hidden)
    if isinstance(kept, _Drop) and _optional(model, name):
        return None
    return kept


@cache
def _optional(model: type[BaseModel], name: str) -> bool:
    annotation = model.model_fields[name].annotation
    return get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(annotation)
