"""Request-scoped access to the composition root and to what the caller may read."""

from __future__ import annotations

from typing import Annotated, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel

from service.bootstrap import Container
from service.read import withhold

M = TypeVar("M", bound=BaseModel)


def container(request: Request) -> Container:
    found: Container = request.app.state.container
    return found


App = Annotated[Container, Depends(container)]
"""The composition root, injected into a route."""


def principals_of(http: Request) -> tuple[str, ...] | None:
    """The caller's principals when API keys are on (`service.http.auth`), else None."""
    found: tuple[str, ...] | None = getattr(http.state, "principals", None)
    return found


def caller_of(http: Request) -> withhold.Caller:
    """The key's user and principals (`service.http.auth` puts them on the request)."""
    return withhold.Caller(getattr(http.state, "tenant_user", None), principals_of(http))


def shown(http: Request, answer: M) -> M:
    """`answer` without what the caller's key may not read (`service.read.withhold`): the
    last step of every route that answers with records."""
    return withhold.shown(container(http).store, caller_of(http), answer)


def source_readable_or_404(http: Request, source: str | None) -> None:
    """NotFound unless the caller's key may read every episode of the source it acts on."""
    withhold.source_readable_or_404(container(http).store, caller_of(http), source)


def readable_or_404(http: Request, record_id: str) -> None:
    """NotFound unless the caller's key may read the record (or candidate) it acts on."""
    withhold.readable_or_404(container(http).store, caller_of(http), record_id)
