"""The storage port's shape: small interfaces by record kind, mirrored by every backend, and a
store that only opens transactions (no shortcut verbs that would write each read four times)."""

from __future__ import annotations

import ast
import inspect
from abc import ABC
from pathlib import Path

import graph.ports.store as store_module
from graph.ports import (
    entities,
    episodes,
    erasure,
    export,
    facts,
    ledger,
    maintenance,
    operations,
    review,
    search,
    store,
)

ROOT = Path(__file__).resolve().parents[2]
ROLE_MODULES = (facts, entities, episodes, search, ledger, operations, review, erasure, export)
MAX_VERBS = 10


def _interfaces() -> list[type]:
    found = []
    for module in (*ROLE_MODULES, maintenance, store):
        for _, value in inspect.getmembers(module, inspect.isclass):
            if value.__module__ == module.__name__ and issubclass(value, ABC):
                found.append(value)
    return found


def _verbs(cls: type) -> set[str]:
    return {name for name, _ in inspect.getmembers(cls, inspect.isfunction) if name[0] != "_"}


def test_no_interface_of_the_port_has_more_than_ten_verbs() -> None:
    counted = {cls.__name__: len(_verbs(cls)) for cls in _interfaces()}
    assert len(counted) >= 15
    assert {name: n for name, n in counted.items() if n > MAX_VERBS} == {}


def test_the_store_only_opens_transactions_and_spans_them() -> None:
    """No delegators: every read is `store.read(lambda tx: tx.<role>.<verb>(...))`."""
    assert _verbs(store.Store) == {
        "read",
        "transaction",
        "close",
        "maintenance",
        "compact",
        "ping",
        "export",
        "verify_ledger",
    }


def test_a_transaction_holds_one_role_per_record_kind() -> None:
    roles = store_module.StoreTx.__annotations__ | store_module.StoreReads.__annotations__
    assert set(roles) == {
        "facts",
        "entities",
        "episodes",
        "search",
        "ledger",
        "operations",
        "candidates",
        "actions",
        "erasure",
        "export",
    }


def test_every_backend_mirrors_the_ports_file_names() -> None:
    port = {Path(m.__file__ or "").name for m in (*ROLE_MODULES, maintenance, store)}
    for backend in ("sqlite", "neo4j"):
        files = {p.name for p in (ROOT / "graph" / "backends" / backend).glob("*.py")}
        assert port <= files, f"{backend} lacks {sorted(port - files)}"


def test_every_role_of_a_backend_transaction_is_built() -> None:
    """Each backend's transaction assigns every role the port's transaction declares."""
    roles = set(store_module.StoreTx.__annotations__ | store_module.StoreReads.__annotations__)
    for backend in ("sqlite", "neo4j"):
        tree = ast.parse((ROOT / "graph" / "backends" / backend / "store.py").read_text())
        assigned = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        }
        assert roles <= assigned, f"{backend} builds no {sorted(roles - assigned)}"


def test_the_service_never_asks_for_the_maintenance_interface() -> None:
    calls = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "service").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Attribute) and node.attr == "maintenance"
    ]
    assert calls == []
