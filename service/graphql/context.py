"""What every resolver needs from the request: the composition root, the caller's principals
and, with API keys on, the one user the caller's key grants (`service.http.auth`).

Resolvers pass every `userId` they are given through `user`, so a key can neither name another
tenant nor (by leaving `userId` out) reach anyone but its own; variables, aliases and fragments
cannot get around a check made on the resolved argument.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel
from strawberry.types import Info

from graph.domain.tenancy import acting_user
from service.bootstrap import Container
from service.read import withhold
from service.read.requests import validated

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
Ctx = Info[dict[str, Any], None]


def container(info: Ctx) -> Container:
    found: Container = info.context["container"]
    return found


def principals(info: Ctx) -> tuple[str, ...] | None:
    """The caller's principals when API keys are on (see `service.read.access`)."""
    found: tuple[str, ...] | None = info.context.get("principals")
    return found


def caller(info: Ctx) -> withhold.Caller:
    """The key's user and principals (None with API keys off)."""
    return withhold.Caller(info.context.get("user"), principals(info))


async def shown(info: Ctx, answer: M) -> M:
    """`answer` without what the caller's key may not read (`service.read.withhold`)."""
    return await run(withhold.shown, container(info).store, caller(info), answer)


async def readable_or_404(info: Ctx, record_id: str) -> None:
    """NotFound unless the caller's key may read the record (or candidate) it acts on."""
    await run(withhold.readable_or_404, container(info).store, caller(info), record_id)


async def source_readable_or_404(info: Ctx, source: str | None) -> None:
    """NotFound unless the caller's key may read every episode of the source it acts on."""
    await run(withhold.source_readable_or_404, container(info).store, caller(info), source)


async def tenant_readable_or_403(info: Ctx) -> None:
    """Forbidden unless the caller's key may read every record of its tenant (erasure)."""
    await run(withhold.tenant_readable_or_403, container(info).store, caller(info))


def user(info: Ctx, named: str | None) -> str | None:
    """The user to act for (`graph.domain.tenancy.acting_user`, the rule REST applies too)."""
    acting: str | None = acting_user(named, info.context.get("user"))
    return acting


def owned(info: Ctx, arguments: dict[str, Any]) -> dict[str, Any]:
    """`arguments` with `user_id` checked (and filled in) as `user` does."""
    acting = user(info, arguments.get("user_id"))
    return arguments if acting is None else {**arguments, "user_id": acting}


async def run(fn: Callable[..., T], *args: Any) -> T:
    """A use case off the event loop (the store and the models block)."""
    return await asyncio.to_thread(fn, *args)


def given(**values: Any) -> dict[str, Any]:
    """The arguments the caller gave (None: not given, so the REST default applies)."""
    return {name: value for name, value in values.items() if value is not None}


def checked(info: Ctx, model: type[M], **arguments: Any) -> M:
    """The REST request `model` from a resolver's arguments: the ones given, `user_id`
    checked against the caller's key (`owned`), validated as REST validates them."""
    return validated(model, owned(info, given(**arguments)))
