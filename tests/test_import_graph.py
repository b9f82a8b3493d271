"""No import circle anywhere in the house: no two modules of graph, extractors, service and
bench import each other, directly or through others, counting imports made inside functions
and for type checking only (a circle there is still two modules that cannot be read apart).
The import-linter contracts in pyproject.toml keep the layers; this keeps the loops out."""

from __future__ import annotations

import grimp

PACKAGES = ("graph", "extractors", "service", "bench")


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_two_modules_import_each_other() -> None:
    assert circles(grimp.build_graph(*PACKAGES)) == []


def test_a_circle_is_found_when_there_is_one() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(module)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.z")
    graph.add_import(importer="a.z", imported="a.x")
    assert circles(graph) == [["a.x", "a.y", "a.z"]]
