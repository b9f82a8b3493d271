"""One table maps every error class to a status; every error leaves in one JSON shape."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from graph.domain import errors
from service.app import create_app
from service.errors import STATUS, status_for
from service.memory import Memory

EXPECTED = {
    "internal": 500, "invalid_input": 422, "invalid_time": 422, "payload_too_large": 413,
    "unauthorized": 401, "forbidden": 403, "not_found": 404, "conflict": 409,
    "duplicate_record": 409, "ledger_head_moved": 409, "immutable_record": 409,
    "store_error": 500, "store_unavailable": 503, "extractor_error": 502,
}


def test_every_error_class_has_a_status_and_a_unique_code() -> None:
    codes = [cls.code for cls in errors.ALL_ERRORS]
    assert len(codes) == len(set(codes))
    assert set(STATUS) == set(errors.ALL_ERRORS)
    assert {cls.code: status_for(cls("x")) for cls in errors.ALL_ERRORS} == EXPECTED


@pytest.mark.parametrize("cls", errors.ALL_ERRORS, ids=lambda c: c.code)
def test_every_error_class_leaves_the_api_in_the_one_shape(
    memory: Memory, cls: type[errors.PalimpsestError]
) -> None:
    app = create_app(memory.container)

    def fail() -> None:
        raise cls("what went wrong", details={"hint": "fix it"})

    app.add_api_route("/boom", fail)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/boom")
    assert response.status_code == EXPECTED[cls.code]
    assert response.json() == {
        "error": {"code": cls.code, "message": "what went wrong", "details": {"hint": "fix it"}}
    }


def test_an_unexpected_exception_is_a_500_without_a_trace(memory: Memory) -> None:
    app = create_app(memory.container)

    def crash() -> None:
        raise RuntimeError("secret internals /srv/app.py line 3")

    app.add_api_route("/crash", crash)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/crash")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal"
    assert "internals" not in response.text and "Traceback" not in response.text
