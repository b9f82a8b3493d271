"""The background worker: drains the durable operation log.

Runs inside `palimpsest serve` (a thread) and on its own (`palimpsest worker`). An operation is
claimed with a lease; a worker that dies leaves it RUNNING until the lease lapses, then any
worker claims it again. The operation's facts and its SUCCEEDED record commit in one
transaction, so an accepted write is applied exactly once.

Nothing one operation does can stop the loop: the pipeline marks an operation that keeps failing
FAILED with its reason, and any error that still escapes is logged and the loop goes on. The
worker beats a heartbeat on every turn; `health()` says whether its thread is alive and turning
(what `/readyz` reports).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from graph.domain.errors import StoreUnavailable
from service.write.pipeline import WritePipeline
from service.write.queue import OperationRunner

log = logging.getLogger("palimpsest.worker")


class Worker:
    """Claims and runs operations until stopped."""

    def __init__(
        self,
        writes: WritePipeline,
        *,
        idle_seconds: float = 0.5,
        name: str | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.writes = writes
        self.idle_seconds = idle_seconds
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"
        self._stop = threading.Event()
        self._monotonic = monotonic
        self._beat = monotonic()
        self._thread: threading.Thread | None = None
        self.failures = 0
        """Turns that failed with an unexpected error (`/metrics`)."""

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        """Loop until `stop()`; sleeps `idle_seconds` whenever the queue is empty."""
        while not self._stop.is_set():
            self._beat = self._monotonic()
            if not self.run_once():
                self._stop.wait(self.idle_seconds)

    def run_once(self) -> bool:
        """Run the next operations (as many as there are extraction processes) if there are
        any; False when idle, the store is down, or an
        unexpected error escaped (logged; the loop goes on)."""
        try:
            turn = OperationRunner(self.writes)
            return bool(turn.run_some(self.name, self.writes.parallelism))
        except StoreUnavailable as exc:
            log.warning("store unavailable, retrying: %s", exc.message)
            return False
        except Exception:  # one bad turn must never end the loop
            self.failures += 1
            log.exception("worker turn failed; continuing")
            return False

    def start_thread(self) -> threading.Thread:
        thread = threading.Thread(target=self.run, name="palimpsest-worker", daemon=True)
        self._thread = thread
        self._beat = self._monotonic()
        thread.start()
        return thread

    def health(self) -> dict[str, Any]:
        """`{"alive", "stuck", "seconds_since_beat"}`: stuck once a turn outlasts the lease
        (an operation's lease would have lapsed by then)."""
        alive = self._thread is not None and self._thread.is_alive() and not self._stop.is_set()
        since = self._monotonic() - self._beat
        limit = self.writes.config.lease.total_seconds() + self.idle_seconds
        return {"alive": alive, "stuck": since > limit, "seconds_since_beat": round(since, 3)}

    @property
    def ready(self) -> bool:
        state = self.health()
        return bool(state["alive"]) and not state["stuck"]
