"""The conflict routes through the real ASGI app: shapes, errors, tenancy."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def add(client: TestClient, text: str, user: str = "alice", **extra: Any) -> dict[str, Any]:
    response = client.post("/v1/memories", json={"messages": text, "user_id": user, **extra})
    assert response.status_code == 200, response.text
    return dict(response.json()["results"][0])


def test_resolve_plans_then_executes(client: TestClient) -> None:
    add(client, "The user's company in Beijing is Company A")
    b = add(client, "The user's company in Beijing is Company B")
    body = {"user_id": "alice", "content": "The user's company in Beijing is Company C"}
    plan = client.post("/v1/conflicts/resolve", json=body).json()
    assert plan["executed"] is False
    assert [(p["action"], p["target_id"]) for p in plan["plan"]] == [("UPDATE", b["id"])]
    done = client.post("/v1/conflicts/resolve", json={**body, "dry_run": False}).json()
    assert done["executed"] is True


def test_audit_rollback_history(client: TestClient) -> None:
    add(client, "Atlas supports SSO")
    no = add(client, "Atlas does not support SSO")
    audit = client.post("/v1/conflicts/audit", json={"user_id": "alice"}).json()
    assert (audit["scanned"], audit["flagged"]) == (2, 1)
    rolled = client.post(f"/v1/facts/{no['id']}/rollback", json={"user_id": "alice"})
    assert rolled.status_code == 200 and rolled.json()["rolled_back"] == no["id"]
    history = client.get("/v1/entities/Atlas/history", params={"user_id": "alice"}).json()
    (chain,) = history["chains"]
    assert [v["expired_at"] is not None for v in chain["versions"]] == [False, True]


def test_confirm_and_reject(client: TestClient) -> None:
    yes = add(client, "Atlas supports SSO")
    no = add(client, "Atlas does not support SSO")
    confirmed = client.post(f"/v1/facts/{yes['id']}/confirm", json={"user_id": "alice"}).json()
    assert confirmed["executed"] is True
    again = client.post(f"/v1/facts/{no['id']}/reject", json={"user_id": "alice"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"


def test_errors_use_the_one_shape(client: TestClient) -> None:
    mine = add(client, "I live in Oslo")
    cases = [
        (client.post("/v1/conflicts/resolve", json={"user_id": "alice"}), 422, "invalid_input"),
        (
            client.post(
                "/v1/conflicts/resolve", json={"user_id": "mallory", "fact_id": mine["id"]}
            ),
            404,
            "not_found",
        ),
        (
            client.post(f"/v1/facts/{mine['id']}/rollback", json={"user_id": "mallory"}),
            404,
            "not_found",
        ),
        (client.post("/v1/conflicts/audit", json={}), 422, "invalid_input"),
        (
            client.post(
                "/v1/conflicts/resolve", json={"user_id": "a", "dry_run": "maybe", "content": "x"}
            ),
            422,
            "invalid_input",
        ),
        (client.get("/v1/entities/nobody/history", params={"user_id": "alice"}), 404, "not_found"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code
