"""How an operation looks through the API."""

from __future__ import annotations

from typing import Any

from graph.domain.model import Operation


def operation_view(operation: Operation) -> dict[str, Any]:
    view: dict[str, Any] = {"event_id": operation.event_id, "status": operation.status.value}
    if operation.result is not None:
        view["result"] = operation.result
    if operation.error is not None:
        view["error"] = operation.error
    return view
