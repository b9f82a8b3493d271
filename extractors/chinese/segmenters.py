"""Chinese word segmenters behind one tiny interface: `segment(text) -> list[str]`.

Two implementations, both offline (their models and dictionaries ship inside the packages):

* `PkusegSegmenter`: pkuseg 0.0.25 with its default model (~180 MB on disk, ~800 MB of
  memory once loaded, ~4 s to load). The default for Chinese extraction.
* `JiebaSegmenter`: jieba 0.42.1 (~50 MB, <1 s to load), used only when pkuseg cannot be
  imported, or when forced.

Models load lazily, on the first `segment` call, once per process (`get_segmenter` caches
the instances; a lock keeps two threads from loading the same model twice). Callers pass
only Chinese text: identifiers and Latin words are cut out before segmenting (see
`extractors.chinese.tokens`), because pkuseg shreds them ("Redis" -> "Red", "is").
"""

from __future__ import annotations

import functools
import importlib.util
import logging
import threading
from typing import Any, Literal, Protocol

SegmenterName = Literal["auto", "pkuseg", "jieba"]

__all__ = [
    "JiebaSegmenter",
    "PkusegSegmenter",
    "Segmenter",
    "SegmenterName",
    "get_segmenter",
    "resolve_name",
]


class Segmenter(Protocol):
    """Splits Chinese text into words, in order, dropping nothing but whitespace."""

    name: str

    def segment(self, text: str) -> list[str]: ...


CACHED = 4096
"""Segmentations remembered per segmenter: a conversation's short pieces between names,
numbers and times ("电话是", "小时。", "元。") recur, and each model call costs far more
than its few characters (on KdConv's dev turns 47% of the calls repeat an earlier text)."""


class _Lazy:
    """Loads its model on first use, once, under a lock; remembers its last `CACHED`
    segmentations (the models are deterministic, so a text's words never change)."""

    name = "lazy"

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()
        self._remembered = functools.lru_cache(maxsize=CACHED)(self._words)

    def _load(self) -> Any:
        raise NotImplementedError

    def _words(self, text: str) -> tuple[str, ...]:
        raise NotImplementedError

    def segment(self, text: str) -> list[str]:
        if not text.strip():
            return []
        return list(self._remembered(text))

    def model(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    self._model = self._load()
        return self._model

    @property
    def loaded(self) -> bool:
        return self._model is not None


class PkusegSegmenter(_Lazy):
    name = "pkuseg"

    def _load(self) -> Any:
        import pkuseg  # heavy: imported and loaded on the first Chinese input

        return pkuseg.pkuseg()

    def _words(self, text: str) -> tuple[str, ...]:
        return tuple(word for word in self.model().cut(text) if word.strip())


class JiebaSegmenter(_Lazy):
    name = "jieba"

    def _load(self) -> Any:
        import jieba  # imported only when used

        jieba.setLogLevel(logging.WARNING)
        tokenizer = jieba.Tokenizer()
        tokenizer.initialize()
        return tokenizer

    def _words(self, text: str) -> tuple[str, ...]:
        return tuple(word for word in self.model().lcut(text, HMM=True) if word.strip())


_INSTANCES: dict[str, Segmenter] = {}
_INSTANCES_LOCK = threading.Lock()


def resolve_name(name: SegmenterName) -> Literal["pkuseg", "jieba"]:
    """'auto' -> pkuseg when it can be imported, else jieba."""
    if name == "auto":
        return "pkuseg" if importlib.util.find_spec("pkuseg") is not None else "jieba"
    if name not in ("pkuseg", "jieba"):
        raise ValueError(f"unknown segmenter {name!r}: use 'auto', 'pkuseg' or 'jieba'")
    return name


def get_segmenter(name: SegmenterName = "auto") -> Segmenter:
    """The process-wide segmenter of that name (created, not loaded: loading is lazy)."""
    resolved = resolve_name(name)
    with _INSTANCES_LOCK:
        found = _INSTANCES.get(resolved)
        if found is None:
            found = PkusegSegmenter() if resolved == "pkuseg" else JiebaSegmenter()
            _INSTANCES[resolved] = found
        return found
