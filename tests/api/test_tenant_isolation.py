"""Tenant boundaries, end to end: the same words said by different tenants make separate
entities, edges and episodes, and no endpoint (REST or GraphQL) ever shows one tenant another
tenant's record, whatever mix of writes came before. Both backends, through the real ASGI app.
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory

TEMPLATES = (
    "I live in {}.",
    "I work at {}.",
    "I like {}.",
    "My manager is {}.",
    "Project Atlas uses {}.",
)
NAMES = ("Oslo", "Acme", "Postgres", "Maria", "INV-2024-001", "Lyon")
_runs = itertools.count()


def transcript(user: str, said: str) -> list[dict[str, str]]:
    return [
        {"role": "user", "content": said},
        {"role": "assistant", "content": f"Noted, {user}."},
    ]


def exported(client: TestClient, user: str) -> dict[str, list[dict[str, Any]]]:
    response = client.get("/v1/export", params={"user_id": user})
    assert response.status_code == 200, response.text
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in response.text.splitlines():
        item = json.loads(line)
        kinds[item["kind"]].append(item["record"])
    return kinds


def assert_closed(records: dict[str, list[dict[str, Any]]], user: str) -> set[str]:
    """Every record is the user's and every link points inside the user's records; returns
    the user's entity uuids."""
    group = TenantScope(user_id=user).group_id
    assert {r["group_id"] for rs in records.values() for r in rs} <= {group}
    entities = {e["uuid"] for e in records["entity"]}
    episodes = {e["uuid"] for e in records["episode"]}
    for fact in records["fact"]:
        assert {fact["subject_uuid"], fact["object_uuid"]} <= entities, fact["fact"]
        assert set(fact["episodes"]) <= episodes, fact["fact"]
    for episode in records["episode"]:
        assert set(episode["entity_uuids"]) <= entities
    return entities


def test_a_batch_over_two_tenants_transcripts_links_nothing_across(client: TestClient) -> None:
    items = [
        {"messages": transcript(user, template.format(name)), "user_id": user}
        for template, name in zip(TEMPLATES, NAMES, strict=False)
        for user in ("alice", "bob")
    ]
    response = client.post("/v1/memories/batch", json={"items": items})
    assert response.status_code == 200, response.text
    assert all(item.get("error") is None for item in response.json()["results"])

    alice, bob = exported(client, "alice"), exported(client, "bob")
    assert len(alice["fact"]) == len(bob["fact"]) >= len(TEMPLATES)
    theirs = assert_closed(bob, "bob")
    ours = assert_closed(alice, "alice")
    assert not ours & theirs
    named = {e["name"] for e in alice["entity"]} & {e["name"] for e in bob["entity"]}
    assert {"Oslo", "Acme", "Postgres"} <= named  # the same names, separate nodes


# --------------------------------------------------------------------- random workloads


@dataclass(frozen=True)
class Write:
    tenant: int
    template: int
    name: int
    how: str  # "add", "batch" (with the next write), "web" (a candidate), "dated"


writes = st.lists(
    st.builds(
        Write,
        tenant=st.integers(0, 2),
        template=st.integers(0, len(TEMPLATES) - 1),
        name=st.integers(0, len(NAMES) - 1),
        how=st.sampled_from(["add", "batch", "web", "dated"]),
    ),
    min_size=2,
    max_size=8,
)


@dataclass
class Seen:
    """What each tenant wrote: record and candidate ids."""

    facts: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    candidates: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def note(self, user: str, answer: dict[str, Any]) -> None:
        self.facts[user] |= {r["id"] for r in answer.get("results") or []}
        self.candidates[user] |= {c["id"] for c in answer.get("candidates") or []}


def body(user: str, step: Write) -> dict[str, Any]:
    said = TEMPLATES[step.template].format(NAMES[step.name])
    out: dict[str, Any] = {"messages": said, "user_id": user}
    if step.how == "web":
        out["source_type"] = "web_search"
    if step.how == "dated":
        out["observation_date"] = "2024-03-01"
    return out


def run_workload(client: TestClient, users: list[str], plan: list[Write]) -> Seen:
    seen, pending = Seen(), list(plan)
    while pending:
        step = pending.pop(0)
        if step.how == "batch" and pending:
            other = pending.pop(0)
            pair = [(users[s.tenant], s) for s in (step, other)]
            response = client.post(
                "/v1/memories/batch", json={"items": [body(u, s) for u, s in pair]}
            )
            assert response.status_code == 200, response.text
            for (user, _), item in zip(pair, response.json()["results"], strict=True):
                seen.note(user, item)
            continue
        user = users[step.tenant]
        response = client.post("/v1/memories", json=body(user, step))
        assert response.status_code == 200, response.text
        seen.note(user, response.json())
    return seen


def ids_in(value: Any) -> set[str]:
    """Every `id`/`uuid` anywhere in an answer."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "uuid") and isinstance(item, str):
                found.add(item)
            found |= ids_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= ids_in(item)
    return found


GRAPHQL = """query($u: String!, $q: String!) {
  facts(userId: $u, limit: 1000) { id }
  search(q: $q, userId: $u, includeHistory: true) { id fact { id } }
  candidates(userId: $u) { id fact { id } }
}"""


def answers_for(client: TestClient, user: str) -> list[Any]:
    """What `user` can see through every read endpoint, asking about every name."""
    tenant = {"user_id": user}
    answers: list[Any] = [
        client.get("/v1/facts", params={**tenant, "limit": 1000}),
        client.get("/v1/facts", params={**tenant, "as_of": "2024"}),
        client.get("/v1/candidates", params=tenant),
        client.get("/v1/records/stale", params=tenant),
        client.post("/v1/conflicts/audit", json=tenant),
    ]
    for name in NAMES:
        answers.append(
            client.get("/v1/search", params={**tenant, "q": name, "include_history": "true"})
        )
        answers.append(client.get(f"/v1/entities/{name}/history", params=tenant))
        variables = {"u": user, "q": name}
        answers.append(client.post("/graphql", json={"query": GRAPHQL, "variables": variables}))
    seen: list[Any] = []
    for response in answers:
        assert response.status_code in (200, 404), response.text
        seen.append(response.json())
    return seen


PROPERTY = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@PROPERTY
@given(plan=writes)
def test_random_multi_tenant_workloads_never_leak_through_any_endpoint(
    memory: Memory, client: TestClient, plan: list[Write]
) -> None:
    run = next(_runs)
    users = [f"leak{run}-{who}" for who in ("ann", "ben", "cy")]
    seen = run_workload(client, users, plan)
    for user in users:
        own = seen.facts[user] | seen.candidates[user]
        others = set().union(*(seen.facts[u] | seen.candidates[u] for u in users if u != user))
        visible = ids_in(answers_for(client, user))
        assert not visible & others, f"{user} sees another tenant's records"
        assert bool(visible & own) == bool(own), f"{user} does not see its own records"
        for record in exported(client, user)["fact"]:
            assert record["uuid"] not in others
        for foreign in sorted(others)[:3]:
            one = client.get(f"/v1/facts/{foreign}", params={"user_id": user})
            assert one.status_code == 404, one.text
            undo = client.post(f"/v1/facts/{foreign}/rollback", json={"user_id": user})
            assert undo.status_code == 404, undo.text
