"""One table maps every error class to a status; every error leaves in one JSON shape."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from graph.domain import errors
from service.clients.memory import Memory
from service.errors import STATUS, STORE_UNAVAILABLE_MESSAGE, status_for
from service.http.app import create_app

EXPECTED = {
    "internal": 500,
    "invalid_input": 422,
    "invalid_time": 422,
    "payload_too_large": 413,
    "unauthorized": 401,
    "forbidden": 403,
    "misdirected_request": 421,
    "not_found": 404,
    "conflict": 409,
    "duplicate_record": 409,
    "ledger_head_moved": 409,
    "lease_lost": 409,
    "immutable_record": 409,
    "store_error": 500,
    "store_unavailable": 503,
    "store_too_new": 503,
    "extractor_error": 502,
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
    with TestClient(base_url="http://127.0.0.1", app=app, raise_server_exceptions=False) as client:
        response = client.get("/boom")
    assert response.status_code == EXPECTED[cls.code]
    if cls is errors.StoreUnavailable:  # an outage is told generically, with when to retry
        expected = {"code": cls.code, "message": STORE_UNAVAILABLE_MESSAGE}
        assert response.headers["Retry-After"].isdigit()
    else:
        expected = {"code": cls.code, "message": "what went wrong", "details": {"hint": "fix it"}}
    assert response.json() == {"error": expected}


def test_an_unexpected_exception_is_a_500_without_a_trace(memory: Memory) -> None:
    app = create_app(memory.container)

    def crash() -> None:
        raise RuntimeError("secret internals /srv/app.py line 3")

    app.add_api_route("/crash", crash)
    with TestClient(base_url="http://127.0.0.1", app=app, raise_server_exceptions=False) as client:
        response = client.get("/crash")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal"
    assert "internals" not in response.text and "Traceback" not in response.text


def test_a_500_leaves_the_keep_alive_connection_usable(memory: Memory) -> None:
    """Over a live server and one keep-alive connection: the 500 is answered in the error shape
    and the next request on the same connection succeeds (nothing re-raised to uvicorn)."""
    import httpx

    from tests.support.live import live_server

    app = create_app(memory.container)

    def crash() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/crash", crash)
    with live_server(app) as base, httpx.Client(base_url=base, timeout=120) as client:
        first = client.get("/crash")
        peer = first.extensions["network_stream"].get_extra_info("client_addr")
        second = client.get("/healthz")
        assert second.extensions["network_stream"].get_extra_info("client_addr") == peer
    assert first.status_code == 500
    assert first.json()["error"]["code"] == "internal"
    assert second.status_code == 200 and second.json()["status"] == "ok"


def test_a_chunked_body_over_the_limit_is_413(memory: Memory) -> None:
    """No Content-Length to check up front: the limit is enforced while the body streams in."""
    limit = memory.container.settings.max_body_bytes

    def chunks() -> object:
        sent = 0
        while sent <= limit:
            yield b" " * 65_536
            sent += 65_536

    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as client:
        response = client.post(
            "/v1/memories", content=chunks(), headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
