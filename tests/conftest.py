"""Shared fixtures. `store` runs a test once per backend: the embedded store and a real Neo4j.

The Neo4j run needs a server (`tools/neo4j/neo4j.sh start`); `.ci/run` starts one. When it
cannot be reached the tests FAIL, they are never skipped. `--backends=sqlite` runs only the
embedded half, for quick local work.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import settings

from graph.backends.sqlite import SqliteStore
from graph.domain.clock import ManualClock
from graph.ports.store import Store

# No property fails on time: the machine is shared and a timed assertion is no test of
# behaviour (Hypothesis's default 200 ms deadline failed a ledger property at load 18).
settings.register_profile("palimpsest", deadline=None)
settings.load_profile("palimpsest")

ALL_BACKENDS = ("sqlite", "neo4j")
NEO4J_URI = os.environ.get("PALIMPSEST_TEST_NEO4J_URI", "bolt://127.0.0.1:7687")
# Services the tests start (in-process and live servers, which inherit the environment) plan
# in their own process: each extraction process loads its own models, and on a 2-core CI
# machine dozens of them would only slow the suite. The pool has its own tests, which opt in.
os.environ.setdefault("PALIMPSEST_EXTRACT_WORKERS", "1")
T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backends",
        default=",".join(ALL_BACKENDS),
        help="comma-separated backends for the conformance suite (default: sqlite,neo4j)",
    )


def selected_backends(config: pytest.Config) -> list[str]:
    names = [n.strip() for n in str(config.getoption("--backends")).split(",") if n.strip()]
    unknown = set(names) - set(ALL_BACKENDS)
    if unknown:
        raise pytest.UsageError(f"unknown backends: {sorted(unknown)}")
    return names


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `neo4j_only`, or asking for the `neo4j_store` fixture, are deselected, not
    skipped, when Neo4j is not selected."""
    if "neo4j" in selected_backends(config):
        return
    chosen = [item for item in items if _needs_neo4j(item)]
    if chosen:
        config.hook.pytest_deselected(items=chosen)
        items[:] = [item for item in items if item not in chosen]


def _needs_neo4j(item: pytest.Item) -> bool:
    fixtures = getattr(item, "fixturenames", ())
    return item.get_closest_marker("neo4j_only") is not None or "neo4j_store" in fixtures


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", selected_backends(metafunc.config), scope="session")


@pytest.fixture(scope="session")
def neo4j_store() -> Iterator[Store]:
    from graph.backends.neo4j.store import Neo4jStore

    try:
        store = Neo4jStore(NEO4J_URI, connection_timeout=5.0)
    except Exception as exc:  # the suite must fail loudly, never skip
        pytest.fail(
            f"Neo4j is not reachable at {NEO4J_URI}: {exc}. Start it with "
            "`tools/neo4j/neo4j.sh start && tools/neo4j/neo4j.sh wait`, or run with "
            "--backends=sqlite for the embedded half only.",
            pytrace=False,
        )
    yield store
    store.close()


def wipe_neo4j(store: Store) -> None:
    store.maintenance().wipe()


@pytest.fixture
def store(backend: str, request: pytest.FixtureRequest) -> Iterator[Store]:
    """A clean store of each backend."""
    if backend == "sqlite":
        sqlite = SqliteStore(":memory:")
        yield sqlite
        sqlite.close()
        return
    neo4j: Store = request.getfixturevalue("neo4j_store")
    wipe_neo4j(neo4j)
    yield neo4j


@pytest.fixture(scope="session")
def chromium_session() -> Iterator[object]:
    """Real headless Chromium, one per session (tests/support/browser.py)."""
    from tests.support.browser import chromium

    yield from chromium()


@pytest.fixture
def browser(chromium_session: Any) -> Iterator[object]:
    """A fresh tab per test: a live server's port can be handed out again later in the session,
    and a page's sessionStorage (its key and user) must not carry over to another test's server
    on the same origin."""
    from tests.support.browser import fresh_tab

    yield from fresh_tab(chromium_session)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


@pytest.fixture(scope="session")
def shared_store(backend: str, request: pytest.FixtureRequest) -> Iterator[Store]:
    """One store per backend for the whole session; property tests isolate by tenant."""
    if backend == "sqlite":
        sqlite = SqliteStore(":memory:")
        yield sqlite
        sqlite.close()
        return
    neo4j: Store = request.getfixturevalue("neo4j_store")
    wipe_neo4j(neo4j)
    yield neo4j


@pytest.fixture
def tamper() -> object:
    """Rewrite one stored ledger entry's action behind the port's back."""

    def rewrite(store: Store, group_id: str, seq: int, action: str) -> None:
        store.maintenance().tamper.ledger_entry(group_id, seq, action)

    return rewrite


@pytest.fixture(scope="session")
def extractor() -> object:
    """The real rule extractor (spaCy, pkuseg), loaded once per test session."""
    from extractors.rules import RuleExtractor

    return RuleExtractor()


@pytest.fixture(scope="session")
def embedder() -> object:
    """The real multilingual encoder, loaded once per test session."""
    from service.embedding import UniversalSentenceEncoder

    return UniversalSentenceEncoder()


@pytest.fixture
def memory(store: Store, extractor: object, embedder: object) -> Iterator[object]:
    """`Memory` over each backend, with a clock that moves 1 ms per reading."""
    from service.bootstrap import bootstrap
    from service.clients.memory import Memory
    from service.settings import Settings

    clock = ManualClock(T0, tick=timedelta(milliseconds=1))
    container = bootstrap(
        Settings(),
        store=store,
        clock=clock,
        extractor=extractor,  # type: ignore[arg-type]
        embedder=embedder,  # type: ignore[arg-type]
    )
    yield Memory(container=container)


@pytest.fixture(scope="session")
def shared_memory(shared_store: Store, extractor: object, embedder: object) -> object:
    """One `Memory` per backend for property tests; each example uses a fresh tenant."""
    from service.bootstrap import bootstrap
    from service.clients.memory import Memory
    from service.settings import Settings

    clock = ManualClock(T0, tick=timedelta(milliseconds=1))
    container = bootstrap(
        Settings(),
        store=shared_store,
        clock=clock,
        extractor=extractor,  # type: ignore[arg-type]
        embedder=embedder,  # type: ignore[arg-type]
    )
    return Memory(container=container)
