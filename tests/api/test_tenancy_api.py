"""Candidates, erasure, export and reprocessing through the real ASGI app."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient


def test_the_review_queue(client: TestClient) -> None:
    held = client.post(
        "/v1/memories",
        json={"messages": "Atlas supports SAML", "user_id": "alice", "source_type": "web_search"},
    )
    (candidate,) = held.json()["candidates"]
    listed = client.get("/v1/candidates", params={"user_id": "alice"}).json()["candidates"]
    assert [c["id"] for c in listed] == [candidate["id"]]
    done = client.post(f"/v1/candidates/{candidate['id']}/confirm", json={"user_id": "alice"})
    assert done.status_code == 200 and done.json()["results"][0]["event"] == "ADD"
    again = client.post(f"/v1/candidates/{candidate['id']}/reject", json={"user_id": "alice"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"
    wrong = client.get("/v1/candidates", params={"user_id": "alice", "status": "maybe"})
    assert wrong.status_code == 422 and wrong.json()["error"]["details"]["field"] == "status"


def test_export_erase_and_tombstone(client: TestClient) -> None:
    client.post("/v1/memories", json={"messages": "I live in Tallinn", "user_id": "alice"})
    exported = client.get("/v1/export", params={"user_id": "alice"})
    assert exported.headers["content-type"].startswith("application/x-ndjson")
    kinds = {json.loads(line)["kind"] for line in exported.text.splitlines()}
    assert {"entity", "fact", "episode", "ledgerentry"} <= kinds
    erased = client.delete("/v1/users/alice")
    assert erased.status_code == 200 and erased.json()["erased"] > 0
    after = client.get("/v1/export", params={"user_id": "alice"}).text.splitlines()
    assert {json.loads(line)["kind"] for line in after} == {"ledgerentry"}
    assert "Tallinn" not in "".join(after)
    verified = client.get("/v1/ledger/verify", params={"user_id": "alice"})
    assert verified.status_code == 200 and verified.json()["ok"] is True


def test_forget_a_source_and_reprocess(client: TestClient) -> None:
    client.post(
        "/v1/memories", json={"messages": "I live in Tartu", "user_id": "alice", "source": "doc:1"}
    )
    client.post(
        "/v1/memories", json={"messages": "I like chess", "user_id": "alice", "source": "doc:2"}
    )
    gone = client.delete("/v1/sources", params={"user_id": "alice", "source": "doc:1"})
    assert gone.json()["episodes"] == 1
    stale = client.get("/v1/records/stale", params={"user_id": "alice"}).json()
    assert stale["facts"] == [] and stale["extraction_version"].startswith("rules-1")
    report = client.post("/v1/reprocess", json={"user_id": "alice", "only_stale": False})
    assert report.status_code == 200 and report.json()["changed"] == 0
    missing = client.delete("/v1/sources", params={"user_id": "alice"})
    assert missing.status_code == 422
