"""graphiti-core against the real Neo4j: a graphiti client on the test server, and a schema
that is put back to ours alone after each test (graphiti's indexes would change query plans).

Every test here needs the Neo4j server (graphiti's side lives there), so with
`--backends=sqlite` they are deselected, not skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from graph.backends.neo4j.maintenance import Neo4jMaintenance
from graph.backends.neo4j.queries import all_queries
from graph.ports.store import Store
from tests.conftest import NEO4J_URI, selected_backends

_DEFINED = re.compile(r"\b(?:INDEX|CONSTRAINT)\s+(\w+)\s+IF NOT EXISTS")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "neo4j" in selected_backends(config):
        return
    here = [item for item in items if "graphiti" in item.path.parts]
    if here:
        config.hook.pytest_deselected(items=here)
        items[:] = [item for item in items if item not in here]


def our_schema_names() -> set[str]:
    return {
        match
        for name, q in all_queries().items()
        if name.startswith("schema_")
        for match in _DEFINED.findall(q.text)
    }


def probes(store: Store) -> Neo4jMaintenance:
    found = store.maintenance()
    assert isinstance(found, Neo4jMaintenance)
    return found


def schema(store: Store) -> dict[str, dict[str, Any]]:
    return probes(store).indexes()


def drop(store: Store, names: set[str]) -> None:
    for name in set(schema(store)) & names:
        probes(store).drop_index(name)


def drop_foreign(store: Store) -> None:
    drop(store, set(schema(store)) - our_schema_names())


@pytest.fixture
def neo4j(neo4j_store: Store) -> Iterator[Store]:
    """The clean test Neo4j with our schema only, before and after."""
    from tests.conftest import wipe_neo4j

    drop_foreign(neo4j_store)
    wipe_neo4j(neo4j_store)
    yield neo4j_store
    drop_foreign(neo4j_store)


def graphiti_driver() -> Any:
    """graphiti-core's own Neo4j driver on the test server (create it inside the event loop)."""
    from graphiti_core.driver.neo4j_driver import Neo4jDriver

    return Neo4jDriver(NEO4J_URI, None, None)
