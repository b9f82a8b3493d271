"""Models warmed at start, in the background, so the first write is not a slow surprise and
`/readyz` can tell a load balancer when the service is really ready.

`Warmup(steps).start()` runs each step once in a daemon thread; `state` is "warming", "ready"
or "failed" (the error is logged and kept in `error`, without the input).
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime

from extractors.rules import Extractor, RuleExtractor
from service.embedding import Embedder

log = logging.getLogger("palimpsest")
WARM_TEXT = "I moved to Berlin in 2023. 我住在北京。"


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


def model_steps(
    embedder: Embedder, extractor: Extractor, now: datetime
) -> list[Callable[[], object]]:
    """Load the embedder and the rule extractor (spaCy, the Chinese segmenter) by using them
    once, then settle the heap they made (`settle_heap`). An LLM extractor is not called:
    warming it would spend a request."""
    steps: list[Callable[[], object]] = [lambda: embedder.embed(["warm up"])]
    if isinstance(extractor, RuleExtractor):
        steps.append(lambda: extractor.extract(WARM_TEXT, reference=now))
    steps.append(settle_heap)
    return steps


def settle_heap() -> None:
    """Collect once, then move every object alive now (the loaded models, vocabularies and
    modules: the process's long-lived heap) out of the cyclic collector's sight
    (`gc.freeze`). Each full collection otherwise walks that whole heap again: measured on
    a 600-message batch, 1.0-2.2 s of collector time before, 0.4 s after. Objects made later
    are collected as always."""
    gc.collect()
    gc.freeze()
