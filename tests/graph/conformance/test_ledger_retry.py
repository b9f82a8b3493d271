"""A write that loses the ledger's chain-head race is retried after a growing, jittered pause,
so writers of one tenant spread out instead of colliding again at once (Neo4j: concurrent
writers). These tests need Neo4j: with --backends=sqlite they are deselected."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from neo4j import ManagedTransaction

from graph.backends.neo4j.store import LEDGER_BACKOFF_SECONDS, LEDGER_RETRIES, Neo4jStore
from graph.domain.errors import LedgerHeadMoved
from tests.conftest import NEO4J_URI

pytestmark = pytest.mark.neo4j_only

T = TypeVar("T")


class Contended(Neo4jStore):
    """The real store, losing the chain-head race `losses` times before each write lands."""

    losses = 0

    def __init__(self) -> None:
        super().__init__(NEO4J_URI, connection_timeout=5.0)
        self.pauses: list[float] = []

    def _session_call(self, mode: str, work: Callable[[ManagedTransaction], T]) -> T:
        if mode == "write" and self.losses > 0:
            self.losses -= 1
            raise LedgerHeadMoved("ledger head of u_test moved past 1")
        return super()._session_call(mode, work)

    def _pause(self, seconds: float) -> None:
        self.pauses.append(seconds)


@pytest.fixture
def contended() -> Any:
    store = Contended()
    yield store
    store.close()


def test_a_lost_race_is_retried_after_pauses_that_grow(contended: Contended) -> None:
    contended.losses = 4
    assert contended.transaction(lambda tx: "written") == "written"
    assert len(contended.pauses) == 4
    for attempt, pause in enumerate(contended.pauses):
        base = LEDGER_BACKOFF_SECONDS * 2**attempt
        assert 0.5 * base <= pause <= 1.5 * base


def test_a_race_lost_every_time_answers_ledger_head_moved(contended: Contended) -> None:
    contended.losses = 10 * LEDGER_RETRIES
    with pytest.raises(LedgerHeadMoved):
        contended.transaction(lambda tx: "written")
    assert len(contended.pauses) == LEDGER_RETRIES - 1
    assert sum(contended.pauses) < 1.5 * LEDGER_BACKOFF_SECONDS * 2**LEDGER_RETRIES
