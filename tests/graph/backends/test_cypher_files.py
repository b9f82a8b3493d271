"""Every Cypher query lives in cypher/ (runtime) or cypher/maintenance/ (resets, baselines,
probes), one per file, named by its file, parameters declared."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from graph.backends.neo4j import queries

ROOT = Path(__file__).resolve().parents[3]
CYPHER_WORDS = re.compile(r"\b(MATCH|MERGE|CREATE)\s+\(\w*:[A-Z]|\bUNWIND\s+\$\w+\s+AS\b")


FOLDERS = {queries.RUNTIME: ROOT / "cypher", queries.MAINTENANCE: ROOT / "cypher" / "maintenance"}


@pytest.mark.parametrize("package", sorted(FOLDERS))
def test_every_file_declares_its_own_name_and_every_parameter_it_uses(package: str) -> None:
    loaded = queries.all_queries(package)
    files = {
        p.stem for p in FOLDERS[package].glob("*.cypher") if not p.stem.startswith("fragment_")
    }
    assert files and set(loaded) == files
    for name, query in loaded.items():
        assert query.name == name, f"{name}.cypher declares name {query.name!r}"
        assert query.used <= query.declared, (
            f"{name}: undeclared {sorted(query.used - query.declared)}"
        )
        assert query.declared <= query.used, (
            f"{name}: declared but unused {sorted(query.declared - query.used)}"
        )


ASKERS = {
    queries.RUNTIME: {"_rows", "_facts", "cypher", "query", "_run_schema", "_write"},
    queries.MAINTENANCE: {"_run", "maintenance_query"},
}


@pytest.mark.parametrize("package", sorted(ASKERS))
def test_every_name_the_code_asks_for_has_a_file(package: str) -> None:
    asked: set[str] = set()
    for path in (ROOT / "graph" / "backends" / "neo4j").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                name = getattr(func, "attr", None) or getattr(func, "id", None)
                if name in ASKERS[package]:
                    asked.add(str(node.args[0].value))
    assert asked, "the scan found no query names: the test itself is broken"
    assert asked <= set(queries.all_queries(package))


def test_the_runtime_folder_holds_no_maintenance_query() -> None:
    runtime = set(queries.all_queries(queries.RUNTIME))
    assert not {n for n in runtime if n.startswith(("admin_", "bench_"))}
    assert not runtime & set(queries.all_queries(queries.MAINTENANCE))


def test_no_cypher_outside_the_cypher_folder() -> None:
    offenders = []
    for path in ROOT.glob("*/**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts:
            continue
        if CYPHER_WORDS.search(path.read_text()):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_schema_statements_are_found_in_a_stable_order() -> None:
    names = queries.schema_queries()
    assert names == sorted(names) and "schema_fact_vector" in names and "schema_await" not in names
