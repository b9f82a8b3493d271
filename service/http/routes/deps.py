"""What a route declares in its signature: the composition root (`App`), the tenant its request
acts for (`QueryUser`, `PathUser`, `in_scope(...)`: the caller's API key decides, by the one rule
`graph.domain.tenancy.acting_user` that GraphQL's resolvers apply too), and what the caller may
read (`shown`, `readable_or_404`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Query, Request
from pydantic import BaseModel

from graph.domain.tenancy import acting_user
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


def tenant_readable_or_403(http: Request) -> None:
    """Forbidden unless the caller's key may read every record of its tenant (erasure)."""
    withhold.tenant_readable_or_403(container(http).store, caller_of(http))


def readable_or_404(http: Request, record_id: str) -> None:
    """NotFound unless the caller's key may read the record (or candidate) it acts on."""
    withhold.readable_or_404(container(http).store, caller_of(http), record_id)


# -- the tenant a request acts for ---------------------------------------------------------


def granted(http: Request) -> str | None:
    """The user the caller's API key grants (`service.http.auth` puts it on the request); None
    with keys off."""
    found: str | None = getattr(http.state, "tenant_user", None)
    return found


Granted = Annotated[str | None, Depends(granted)]


def _query_user(granted: Granted, user_id: Annotated[str | None, Query()] = None) -> str | None:
    acting: str | None = acting_user(user_id, granted)
    return acting


def _path_user(user_id: str, granted: Granted) -> str:
    acting: str = acting_user(user_id, granted)
    return acting


QueryUser = Annotated[str | None, Depends(_query_user)]
"""A route's `user_id` query parameter as the caller's key allows (`acting_user`: the key's
user when it names none, Forbidden when it names another)."""
PathUser = Annotated[str, Depends(_path_user)]
"""A route's `{user_id}` path parameter, Forbidden unless the caller's key grants it."""


def scoped(model: M, granted: str | None) -> M:
    """`model` (a request naming its tenant by `user_id`) acting for the user the caller's key
    allows: the key's user filled in when it names none, Forbidden when it names another."""
    named = getattr(model, "user_id", None)
    acting = acting_user(named, granted)
    return model if acting == named else model.model_copy(update={"user_id": acting})


def in_scope(kind: type[M], source: Callable[..., Any] = Query) -> Any:
    """A dependency giving the request model `kind` (read from the query string, or with
    `Body` from the JSON body) `scoped` to the caller's key: `Annotated[M, in_scope(M)]`."""

    def dependency(**found: Any) -> M:
        model: M = scoped(found["model"], found["granted"])
        return model

    keyword = inspect.Parameter.KEYWORD_ONLY
    dependency.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("model", keyword, annotation=Annotated[kind, source()]),
            inspect.Parameter("granted", keyword, annotation=Granted),
        ]
    )
    return Depends(dependency)
