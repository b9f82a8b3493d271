"""graphiti's migration is a write path like any other (issue 30, item 4): credentials in every
text field graphiti keeps (entity names and summaries, episode bodies, names and source
descriptions, facts, relation attributes) are masked before anything is stored, on both
backends; nothing of them is in any stored cell afterwards."""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from typing import Any

import pytest
from graphiti_core.edges import EpisodicEdge

from bench.notary.cases import leaked
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.graphiti.migrate import import_graphiti
from service.graphiti.source import GraphitiSource, read_graph
from tests.conftest import NEO4J_URI
from tests.graphiti.test_migrate import (
    EMBEDDER,
    SAVED,
    Y2020,
    container,
    edge,
    episode,
    forget,
    node,
    save,
)

_RNG = random.Random(7)


def _secret() -> str:
    letters = string.ascii_letters + string.digits
    return "Qx7" + "".join(_RNG.choice(letters) for _ in range(17)) + "!"


SECRETS = {field: _secret() for field in ("summary", "content", "name", "description", "fact")}
SECRETS["attribute"] = "AKIA" + "".join(_RNG.choice(string.ascii_uppercase) for _ in range(16))


def secret_graph(group: str) -> dict[str, Any]:
    alice, oslo = node(group, "Alice", "Person"), node(group, "Oslo", "City")
    alice.summary = f"Alice. Her password is {SECRETS['summary']}"
    said = episode(group, f"I live in Oslo. password={SECRETS['content']}", Y2020)
    said.name = f"token: {SECRETS['name']}"
    said.source_description = f"chat, pwd={SECRETS['description']}"
    lives = edge(alice, "LIVES_IN", oslo, said, Y2020, EMBEDDER)
    lives.fact = f"Alice lives in Oslo (wifi password is {SECRETS['fact']})"
    lives.attributes = {"aws_key": SECRETS["attribute"], "note": "moved in 2020"}
    mentions = [
        EpisodicEdge(group_id=group, source_node_uuid=said.uuid, target_node_uuid=n.uuid,
                     created_at=SAVED)
        for n in (alice, oslo)
    ]  # fmt: skip
    return {"nodes": [alice, oslo], "episodes": [said, said], "mentions": mentions,
            "edges": {"lives": lives}}  # fmt: skip


@pytest.fixture
def origin(store: Store, backend: str) -> Iterator[GraphitiSource]:
    group = f"graphiti_secrets_{backend}"
    forget(group)
    graph = secret_graph(group)
    graph["episodes"] = graph["episodes"][:1] * 2  # save() writes [1:] in bulk and [0] alone
    save(graph)
    yield GraphitiSource(NEO4J_URI, group)
    forget(group)


def test_no_credential_of_a_graphiti_graph_is_stored(
    store: Store, extractor: object, origin: GraphitiSource
) -> None:
    scope = TenantScope(user_id="dora")
    report = import_graphiti(container(store, extractor), read_graph(origin), origin, scope)
    assert report["facts"] == 1 and report["episodes"] == 1
    assert report["masked"] >= len(SECRETS)
    forget(origin.group_id)  # graphiti's own raw nodes share the test Neo4j: gone, ours stay
    cells = store.maintenance().stored_text()
    assert "Oslo" in cells and "REDACTED" in cells, "the probe read nothing migrated"
    assert [name for name, value in SECRETS.items() if leaked(value, cells)] == []
