"""The background worker: drains the durable operation log.

Runs inside `palimpsest serve` (a thread) and on its own (`palimpsest worker`). An operation is
claimed with a lease; a worker that dies leaves it RUNNING until the lease lapses, then any
worker claims it again. The operation's facts and its SUCCEEDED record commit in one
transaction, so an accepted write is applied exactly once.
"""

from __future__ import annotations

import logging
import os
import socket
import threading

from graph.domain.errors import StoreUnavailable
from service.write.pipeline import WritePipeline

log = logging.getLogger("palimpsest.worker")


class Worker:
    """Claims and runs operations until stopped."""

    def __init__(
        self, writes: WritePipeline, *, idle_seconds: float = 0.5, name: str | None = None
    ) -> None:
        self.writes = writes
        self.idle_seconds = idle_seconds
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        """Loop until `stop()`; sleeps `idle_seconds` whenever the queue is empty."""
        while not self._stop.is_set():
            if not self.run_once():
                self._stop.wait(self.idle_seconds)

    def run_once(self) -> bool:
        """Run one operation if there is one; False when idle or the store is down."""
        try:
            return self.writes.run_next(self.name) is not None
        except StoreUnavailable as exc:
            log.warning("store unavailable, retrying: %s", exc.message)
            return False

    def start_thread(self) -> threading.Thread:
        thread = threading.Thread(target=self.run, name="palimpsest-worker", daemon=True)
        thread.start()
        return thread
