"""Request-scoped access to the composition root."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from service.bootstrap import Container


def container(request: Request) -> Container:
    found: Container = request.app.state.container
    return found


App = Annotated[Container, Depends(container)]
"""The composition root, injected into a route."""
