"""One HTTP request of the API (`Call`) and what the clients need to send it and read its answer:
query and body values as the wire wants them, and the domain error an error answer stands for."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from graph.domain.errors import ALL_ERRORS, PalimpsestError, StoreUnavailable

_BY_CODE = {cls.code: cls for cls in ALL_ERRORS}


@dataclass(frozen=True)
class Call:
    """One HTTP request of the API."""

    method: str
    path: str
    params: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    answer: type[BaseModel] | None = None
    """The model of the answer (None: plain JSON)."""
    lines: bool = False
    """The answer is JSON Lines, each line one `answer`."""

    def query(self) -> dict[str, Any]:
        """Query parameters without the unset ones (None means "not given", as in Memory)."""
        return {k: _wire(v) for k, v in self.params.items() if v is not None}

    def read(self, response: httpx.Response) -> Any:
        """The answer as its model; a body that does not fit it is the service's fault."""
        if self.answer is not None and self.lines:
            lines = response.text.splitlines()
            return [self._model(self.answer, json.loads(line)) for line in lines if line.strip()]
        data = response.json()
        return data if self.answer is None else self._model(self.answer, data)

    def _model(self, model: type[BaseModel], data: Any) -> BaseModel:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise PalimpsestError(
                f"the service answered {self.method} {self.path} in an unknown shape: "
                f"{exc.errors()[0]['msg']}"
            ) from exc


def _wire(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_wire(v) for v in value]
    if isinstance(value, bool):
        return "true" if value else "false"
    return value.isoformat() if hasattr(value, "isoformat") else value


def present(**values: Any) -> dict[str, Any]:
    """The values given (None means "not given")."""
    return {k: v for k, v in values.items() if v is not None}


def body_of(named: dict[str, Any], rest: dict[str, Any] | None = None) -> dict[str, Any]:
    """A JSON body: the named values given, and every `**` one as the caller passed it; dates
    and datetimes as ISO 8601 text."""
    body: dict[str, Any] = json_ready({**present(**named), **(rest or {})})
    return body


def json_ready(value: Any) -> Any:
    """Dates and datetimes in arguments travel as ISO 8601 text."""
    return json.loads(json.dumps(value, default=lambda v: v.isoformat()))


def segment(value: str) -> str:
    """A value as one path segment."""
    return quote(value, safe="")


def raise_for(response: httpx.Response) -> None:
    """The domain error the service answered with (its class found by `code`)."""
    if response.status_code < 400:
        return
    try:
        error = response.json()["error"]
        code, message = str(error["code"]), str(error["message"])
        details = error.get("details") or {}
    except (ValueError, KeyError, TypeError):
        code, message, details = "internal", f"HTTP {response.status_code}", {}
    cls = _BY_CODE.get(code, PalimpsestError)
    exc = cls(message, details=details)
    exc.status = response.status_code  # type: ignore[attr-defined]
    raise exc


def unreachable(exc: httpx.TransportError) -> StoreUnavailable:
    return StoreUnavailable(
        f"the service cannot be reached: {type(exc).__name__}",
        details={"code": "service_unreachable"},
    )
