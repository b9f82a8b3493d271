"""GET /v1/episodes/{id}: the source of a fact, within its tenant only."""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.clients.memory import Memory
from tests.read.stories import only_fact


def test_a_facts_source_episode_is_readable_by_its_tenant_only(
    memory: Memory, client: TestClient
) -> None:
    fact = only_fact(memory.add("I live in Lisbon.", user_id="alice"))
    own = client.get(f"/v1/episodes/{fact['episode_id']}", params={"user_id": "alice"})
    assert own.status_code == 200, own.text
    assert own.json()["body"] == "I live in Lisbon."
    assert set(own.json()) >= {"id", "speaker", "body", "observed_at", "metadata"}
    other = client.get(f"/v1/episodes/{fact['episode_id']}", params={"user_id": "bob"})
    assert other.status_code == 404
    assert other.json()["error"]["code"] == "not_found"
