"""`reads(store)`: a store's read roles, each call in its own read transaction.

The port has no shortcuts on `Store` (every read is `store.read(lambda tx: ...)`); tests that
ask one thing at a time write `reads(store).facts.query(g, q, now)` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from graph.ports.store import Store, StoreReads


def reads(store: Store) -> StoreReads:
    """A stand-in for a read transaction whose every verb runs in a read transaction of its own."""
    return cast(StoreReads, _Roles(store))


class _Roles:
    def __init__(self, store: Store) -> None:
        self._store = store

    def __getattr__(self, role: str) -> _Role:
        return _Role(self._store, role)


class _Role:
    def __init__(self, store: Store, role: str) -> None:
        self._store, self._role = store, role

    def __getattr__(self, verb: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            return self._store.read(
                lambda tx: getattr(getattr(tx, self._role), verb)(*args, **kwargs)
            )

        return call
