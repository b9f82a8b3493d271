"""Models and queries warmed at start, in the background, so the first requests are not a slow
surprise and `/readyz` can tell a load balancer when the service is really ready.

`Warmup(steps).start()` runs each step once in a daemon thread; `state` is "warming", "ready"
or "failed" (the error is logged and kept in `error`, without the input).

`query_steps` asks every read once of a tenant nobody writes (`WARM_SCOPE`): a fresh Neo4j
parses, plans and compiles each query the first time it sees it, and its JVM compiles the
operators over the first few hundred calls, so without it the first minute of searches ran
7-14x slower than later ones (docs/operations.md, "Warm before ready"). On the embedded store
it costs a few milliseconds. A store that cannot answer now does not fail readiness for good:
the step logs it and `/readyz` still asks the store itself.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from graph.domain.errors import PalimpsestError, StoreUnavailable
from service.write.warm import WARM_TEXT

if TYPE_CHECKING:
    from service.clients.memory import Memory

log = logging.getLogger("palimpsest")
WARM_SCOPE = "palimpsest-warmup"
WARM_QUESTIONS = (
    "where does alice live now?",
    "which team does she play for",
    "what did I say about my dog Rex",
    "when did we move to Berlin in 2023",
    "我住在哪里？",
    "他是哪一年出生的",
)
WARM_TIMES: tuple[dict[str, str], ...] = (
    {},
    {"as_of": "2024"},
    {"as_of": "2024-06-01", "known_at": "2025-01-01"},
)


class Warmup:
    def __init__(self, steps: Sequence[Callable[[], object]]) -> None:
        self.steps = list(steps)
        self.state = "warming"
        self.error: str | None = None
        self._done = threading.Event()

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self.run, name="palimpsest-warmup", daemon=True)
        thread.start()
        return thread

    def run(self) -> None:
        try:
            for step in self.steps:
                step()
        except Exception as exc:  # a model that cannot load is a readiness failure, not a crash
            log.exception("model warm-up failed")
            self.state, self.error = "failed", type(exc).__name__
        else:
            self.state = "ready"
        finally:
            self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


def query_steps(memory: Memory, rounds: int = 3) -> list[Callable[[], object]]:
    """Every read use case `rounds` times on an empty tenant, for each time question: facts,
    search (each channel, English and Chinese), history, graph, paths, a dry-run resolution
    (extraction and alignment), the review queue and the ledger. Each read is forgiven on its
    own (the graph of an entity the tenant lacks is a 404 after its lookup ran)."""
    scope = {"user_id": WARM_SCOPE}
    reads: list[Callable[[], object]] = []
    for times in WARM_TIMES:
        reads.append(partial(memory.facts, subject=WARM_SCOPE, **scope, **times))
        reads.extend(partial(memory.search, q, **scope, **times) for q in WARM_QUESTIONS)
        reads.append(partial(memory.graph, WARM_SCOPE, depth=2, **scope, **times))
        reads.append(partial(memory.paths, WARM_SCOPE, "berlin", **scope, **times))
    reads.append(partial(memory.history, WARM_SCOPE, user_id=WARM_SCOPE))
    reads.append(partial(memory.conflict_resolve, WARM_TEXT, dry_run=True, user_id=WARM_SCOPE))
    reads.append(partial(memory.candidates, user_id=WARM_SCOPE))
    reads.append(partial(memory.verify_ledger, user_id=WARM_SCOPE))

    def all_reads() -> None:
        for _ in range(rounds):
            for read in reads:
                if not _forgiving(read):
                    return

    return [all_reads]


def _forgiving(read: Callable[[], object]) -> bool:
    """A read that fails is logged, not fatal; False when the store itself is unavailable (the
    rest would only wait out the same outage: `/readyz` asks the store again anyway)."""
    try:
        read()
    except StoreUnavailable as exc:
        log.warning("query warm-up stopped: %s", exc.message)
        return False
    except PalimpsestError:
        pass  # a not-found entity, a refused argument: the query ran or will be planned later
    return True
