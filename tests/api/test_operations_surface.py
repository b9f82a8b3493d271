"""The operations surface: /metrics, request ids in responses and logs, /readyz waiting for the
models, and an OpenAPI document that declares the real error body, statuses and keys."""

from __future__ import annotations

import io
import json
import logging
import re
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graph.domain.errors import StoreUnavailable
from service.clients.memory import Memory
from service.http.app import create_app
from service.http.observe import log_handler
from service.runtime.warmup import WARM_SCOPE, Warmup, query_steps
from service.runtime.worker import Worker
from service.write.warm import model_steps


def metric(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the exposition text."""
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    braces = r"\{" + re.escape(wanted) + r"\}" if labels else ""
    pattern = "^" + re.escape(name) + braces + r" (\S+)"
    found = re.search(pattern, text, re.MULTILINE)
    assert found, f"{name} {labels} not in metrics"
    return float(found.group(1))


def test_metrics_count_requests_by_route_and_the_operation_queue(memory: Memory) -> None:
    worker = Worker(memory.container.writes)
    with TestClient(create_app(memory.container, worker), base_url="http://127.0.0.1") as client:
        for _ in range(3):
            client.get("/v1/facts", params={"user_id": "alice"})
        client.get("/v1/facts/abc", params={"user_id": "alice"})
        client.post("/v1/memories?mode=async", json={"messages": "I live in Oslo", "user_id": "a"})
        response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert metric(text, "palimpsest_http_requests_total", method="GET", route="/v1/facts",
                  status="200") == 3  # fmt: skip
    assert metric(text, "palimpsest_http_requests_total", method="GET",
                  route="/v1/facts/{fact_id}", status="404") == 1  # fmt: skip
    assert "abc" not in text
    assert metric(text, "palimpsest_http_request_duration_seconds_count", method="GET",
                  route="/v1/facts") == 3  # fmt: skip
    assert metric(text, "palimpsest_operations", status="PENDING") == 1
    assert metric(text, "palimpsest_worker_failures_total") == 0
    assert metric(text, "palimpsest_models_ready") == 1


def test_every_answer_carries_a_request_id_and_logs_carry_it_too(memory: Memory) -> None:
    app = create_app(memory.container)
    stream = io.StringIO()
    handler = log_handler("json")
    handler.stream = stream  # type: ignore[attr-defined]
    logger = logging.getLogger("palimpsest")
    logger.addHandler(handler)

    @app.get("/v1/_log_probe")
    def probe() -> dict[str, Any]:
        logging.getLogger("palimpsest").warning("inside a request")
        return {}

    try:
        with TestClient(base_url="http://127.0.0.1", app=app) as client:
            given = client.get("/v1/_log_probe", headers={"X-Request-ID": "trace-42"})
            fresh = client.get("/healthz")
            bad = client.get("/healthz", headers={"X-Request-ID": "x" * 200})
    finally:
        logger.removeHandler(handler)
    assert given.headers["x-request-id"] == "trace-42"
    assert re.fullmatch(r"[0-9a-f]{32}", fresh.headers["x-request-id"])
    assert bad.headers["x-request-id"] != "x" * 200
    (line,) = [json.loads(x) for x in stream.getvalue().splitlines() if "inside" in x]
    assert line["request_id"] == "trace-42" and line["level"] == "WARNING"
    assert line["logger"] == "palimpsest" and line["message"] == "inside a request"


def test_readyz_waits_for_the_models_and_healthz_does_not(memory: Memory) -> None:
    gate = threading.Event()
    warming = Warmup([gate.wait])
    with TestClient(
        create_app(memory.container, warmup=warming), base_url="http://127.0.0.1"
    ) as client:
        warming.start()
        early = client.get("/readyz")
        assert early.status_code == 503
        assert early.json()["error"]["details"]["status"] == "warming"
        assert client.get("/healthz").status_code == 200
        gate.set()
        assert warming.wait(10)
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["models"] == "ready"


def test_a_model_that_fails_to_load_keeps_the_service_unready(memory: Memory) -> None:
    def broken() -> None:
        raise OSError("model file missing")

    failed = Warmup([broken])
    failed.run()
    with TestClient(
        create_app(memory.container, warmup=failed), base_url="http://127.0.0.1"
    ) as client:
        answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["error"]["details"]["status"] == "models_failed"


def test_the_real_models_warm_up(memory: Memory) -> None:
    container = memory.container
    warmup = Warmup(model_steps(container.embedder, container.extractor, container.clock.now()))
    warmup.run()
    assert warmup.state == "ready", warmup.error


def warmed_through(memory: Memory, reads: Any, monkeypatch: pytest.MonkeyPatch) -> Warmup:
    """The query warm-up run once, every store read going through `reads(real_read, fn)`."""
    store = memory.container.store
    real = store.read
    monkeypatch.setattr(store, "read", lambda fn: reads(real, fn))
    warmup = Warmup(query_steps(memory, rounds=1))
    warmup.run()
    monkeypatch.undo()
    return warmup


def test_the_queries_warm_up_on_an_empty_tenant_and_write_nothing(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory.add("I moved to Berlin in 2023.", user_id="alice", observation_date="2023-06-01")
    before = [line.model_dump(mode="json") for line in memory.export(user_id="alice")]
    asked: list[object] = []
    warmup = warmed_through(memory, lambda real, fn: asked.append(fn) or real(fn), monkeypatch)
    assert warmup.state == "ready", warmup.error
    assert len(asked) > 20  # every read use case, for each time question
    assert memory.verify_ledger(user_id=WARM_SCOPE).length == 0
    assert not memory.export(user_id=WARM_SCOPE)
    assert [line.model_dump(mode="json") for line in memory.export(user_id="alice")] == before


def test_a_store_down_at_start_does_not_fail_readiness_for_good(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(real: Any, fn: Any) -> Any:
        raise StoreUnavailable("Neo4j is unavailable")

    warmup = warmed_through(memory, down, monkeypatch)
    assert warmup.state == "ready"  # /readyz still pings the store itself


def test_openapi_declares_the_error_body_every_status_and_the_key_scheme(
    client: TestClient,
) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["components"]["schemas"]["Error"]["required"] == ["error"]
    assert set(spec["components"]["securitySchemes"]) == {"ApiKey", "Bearer"}
    for path, operations in spec["paths"].items():
        if not path.startswith("/v1/"):
            continue
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert {"401", "403", "422", "503"} <= codes, (method, path)
            error = operation["responses"]["422"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}
            assert {"ApiKey": []} in operation["security"]
    graph = spec["paths"]["/v1/entities/{name}/graph"]["get"]["responses"]
    assert "404" in graph
    add = spec["paths"]["/v1/memories"]["post"]["responses"]
    assert {"409", "413"} <= set(add)
    refs = set(re.findall(r'"#/components/schemas/([^"]+)"', json.dumps(spec)))
    assert refs <= set(spec["components"]["schemas"])
    assert "503" in spec["paths"]["/readyz"]["get"]["responses"]
