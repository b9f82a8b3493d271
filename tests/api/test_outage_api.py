"""A store outage answers 503 quickly, with a generic message (no internal address) and
`Retry-After`; the service answers again once the store is back."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.errors import STORE_UNAVAILABLE_MESSAGE
from service.http.app import create_app
from service.settings import Settings
from tests.conftest import NEO4J_URI
from tests.support.proxy import CuttableProxy

CALLS = [
    ("GET", "/v1/facts", {"params": {"user_id": "alice"}}),
    ("POST", "/v1/memories", {"json": {"messages": "I live in Oslo", "user_id": "alice"}}),
    ("GET", "/healthz", {}),
]


def assert_outage_answer(answer: Any, hidden: list[str]) -> None:
    assert answer.status_code == 503, answer.text
    assert answer.headers["Retry-After"].isdigit()
    assert answer.json() == {
        "error": {"code": "store_unavailable", "message": STORE_UNAVAILABLE_MESSAGE}
    }
    for secret in hidden:
        assert secret not in answer.text


def test_a_neo4j_outage_is_a_prompt_generic_503(
    neo4j_store: Store, extractor: Any, embedder: Any
) -> None:
    host, port = NEO4J_URI.removeprefix("bolt://").split(":")
    proxy = CuttableProxy(host, int(port))
    settings = Settings(backend="neo4j", neo4j_uri=f"bolt://127.0.0.1:{proxy.port}")
    container = bootstrap(settings, extractor=extractor, embedder=embedder)
    try:
        with TestClient(
            create_app(container), raise_server_exceptions=False, base_url="http://127.0.0.1"
        ) as client:
            for method, path, options in CALLS:  # models loaded, connections pooled
                assert client.request(method, path, **options).status_code == 200
            proxy.cut()
            for method, path, options in CALLS:
                started = time.monotonic()
                answer = client.request(method, path, **options)
                took = time.monotonic() - started
                print(f"outage answer for {method} {path}: {answer.status_code} in {took:.2f} s")
                assert_outage_answer(answer, [str(proxy.port), "bolt", "127.0.0.1"])
            proxy.restore()
            time.sleep(settings.neo4j_outage_cooldown_seconds)
            assert client.get("/v1/facts", params={"user_id": "alice"}).status_code == 200
    finally:
        container.close()
        proxy.close()


def test_a_locked_embedded_store_is_a_generic_503(
    tmp_path: Path, extractor: Any, embedder: Any
) -> None:
    from graph.backends.sqlite import SqliteStore

    path = tmp_path / "palimpsest.db"
    store = SqliteStore(path, busy_timeout_ms=200)
    container = bootstrap(Settings(), store=store, extractor=extractor, embedder=embedder)
    blocker = sqlite3.connect(path, isolation_level=None)
    try:
        with TestClient(
            create_app(container), raise_server_exceptions=False, base_url="http://127.0.0.1"
        ) as client:
            blocker.execute("BEGIN EXCLUSIVE")
            method, path_, options = CALLS[1]
            assert_outage_answer(client.request(method, path_, **options), [str(tmp_path)])
            blocker.execute("ROLLBACK")
            answer = client.request(method, path_, **options)
            assert answer.status_code == 200, json.dumps(answer.json())
    finally:
        blocker.close()
        container.close()


def test_an_open_public_bind_warns_and_a_guarded_or_local_one_does_not() -> None:
    from pydantic import SecretStr

    warning = Settings(host="0.0.0.0").open_bind_warning()
    assert warning is not None and "PALIMPSEST_API_KEYS" in warning
    guarded = Settings(host="0.0.0.0", api_keys=SecretStr('{"k": "alice"}'))
    assert guarded.open_bind_warning() is None
    assert Settings(host="127.0.0.1").open_bind_warning() is None
