"""POST /v1/memories, /v1/memories/batch, GET /v1/operations/{id}: shapes and bad input."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.write.queue import OperationRunner


def error_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"])
    return dict(body["error"])


def test_sync_add_returns_results_and_alerts(client: TestClient) -> None:
    response = client.post(
        "/v1/memories",
        json={
            "messages": "I moved to Berlin in 2023. My password is hunter2hunter.",
            "user_id": "alice",
            "observation_date": "2023-06-01",
        },
    )
    assert response.status_code == 200
    body = response.json()
    result, shared = body["results"]
    assert result["event"] == "ADD"
    assert result["fact"]["value"] == "Berlin"
    assert shared["fact"]["predicate"] == "shared_credential"
    assert shared["fact"]["value"] == "password"
    assert [a["kind"] for a in body["alerts"]] == ["credential"]
    assert "hunter2hunter" not in response.text


def test_async_add_is_accepted_and_pollable(client: TestClient) -> None:
    response = client.post(
        "/v1/memories?mode=async", json={"messages": "I live in Lima", "user_id": "alice"}
    )
    assert response.status_code == 202
    accepted = response.json()
    assert accepted["status"] == "PENDING"
    polled = client.get(f"/v1/operations/{accepted['event_id']}", params={"user_id": "alice"})
    assert polled.status_code == 200 and polled.json()["status"] in {"PENDING", "SUCCEEDED"}
    OperationRunner(client.app.state.container.writes).run_next("test")  # type: ignore[attr-defined]
    done = client.get(f"/v1/operations/{accepted['event_id']}").json()
    assert done["status"] == "SUCCEEDED"
    assert done["result"]["results"][0]["fact"]["value"] == "Lima"


def test_batch_reports_each_item(client: TestClient) -> None:
    response = client.post(
        "/v1/memories/batch",
        json={
            "items": [
                {"messages": "I live in Lima", "user_id": "alice"},
                {"messages": [{"role": "pirate", "content": "arr"}], "user_id": "alice"},
            ]
        },
    )
    assert response.status_code == 200
    first, second = response.json()["results"]
    assert first["results"][0]["event"] == "ADD"
    assert second["error"]["code"] == "invalid_input"
    assert second["error"]["details"]["field"] == "messages[0].role"


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"messages": "", "user_id": "alice"}, "invalid_input", "messages"),
        ({"messages": "hi"}, "invalid_input", "user_id"),
        ({"messages": "hi", "user_id": 7}, "invalid_input", "user_id"),
        (
            {"messages": [{"role": "pirate", "content": "x"}], "user_id": "a"},
            "invalid_input",
            "messages[0].role",
        ),
        (
            {"messages": "hi", "user_id": "a", "observation_date": "soonish"},
            "invalid_time",
            "observation_date",
        ),
        (
            {"messages": "hi", "user_id": "a", "source_type": "rumour"},
            "invalid_input",
            "source_type",
        ),
        ({"messages": "hi", "user_id": "a", "infer": "perhaps"}, "invalid_input", "infer"),
        ({"user_id": "a"}, "invalid_input", "messages"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(
    client: TestClient, body: dict[str, Any], code: str, field: str
) -> None:
    error = error_of(client.post("/v1/memories", json=body), 422)
    assert error["code"] == code
    assert error["details"]["field"] == field


def test_malformed_json_and_wrong_methods_use_the_error_shape(client: TestClient) -> None:
    error = error_of(
        client.post(
            "/v1/memories", content=b"{not json", headers={"content-type": "application/json"}
        ),
        422,
    )
    assert error["code"] == "invalid_input"
    assert error_of(client.delete("/v1/memories"), 405)["code"] == "method_not_allowed"
    assert error_of(client.get("/v1/nowhere"), 404)["code"] == "not_found"
    assert error_of(client.get("/v1/operations/unknown"), 404)["code"] == "not_found"


def test_an_oversize_body_is_a_413(client: TestClient) -> None:
    huge = {"messages": "x" * 3_000_000, "user_id": "alice"}
    assert error_of(client.post("/v1/memories", json=huge), 413)["code"] == "payload_too_large"


def test_too_much_text_in_an_acceptable_body_is_a_413(client: TestClient) -> None:
    body = {"messages": "word " * 50_000, "user_id": "alice"}
    error = error_of(client.post("/v1/memories", json=body), 413)
    assert error["details"]["field"] == "messages"


def test_health(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
