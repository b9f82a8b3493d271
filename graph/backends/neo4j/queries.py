"""The Cypher of the Neo4j backend, loaded once by name from `cypher/*.cypher` (the runtime
queries) and `cypher/maintenance/*.cypher` (resets, baselines and probes:
`graph.ports.maintenance`).

Each file holds one query and a header:

    // name: facts_aligned
    // params: $group_id, $keys, ...
    // returns: what each row holds

Fragments (`fragment_*.cypher`) are shared clauses included where a query (or another
fragment) says `/*@name*/`. Values reach Cypher only as parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import LiteralString

_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_INCLUDE = re.compile(r"/\*@([a-z_]+)\*/")
_HEADER = re.compile(r"^//\s*(name|params|returns|fragment):\s*(.*)$")


@dataclass(frozen=True)
class Query:
    name: str
    text: LiteralString
    declared: frozenset[str]
    used: frozenset[str]


def _strip_comments(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


def _header(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in text.splitlines():
        match = _HEADER.match(line.strip())
        if match:
            fields[match.group(1)] = match.group(2).strip()
    return fields


RUNTIME = "cypher"
MAX_NESTING = 4
MAINTENANCE = "cypher.maintenance"


def _files(package: str) -> dict[str, str]:
    folder = resources.files(package)
    return {
        item.name.removesuffix(".cypher"): item.read_text(encoding="utf-8")
        for item in folder.iterdir()
        if item.name.endswith(".cypher")
    }


@cache
def all_queries(package: str = RUNTIME) -> dict[str, Query]:
    """Every query of a folder by name, fragments (of the runtime folder) included in place."""
    files = _files(package)
    fragments = {
        name.removeprefix("fragment_"): _strip_comments(text).strip()
        for name, text in _files(RUNTIME).items()
        if name.startswith("fragment_")
    }
    queries: dict[str, Query] = {}
    for name, text in files.items():
        if name.startswith("fragment_"):
            continue
        header = _header(text)
        body = _expand(_strip_comments(text), fragments).strip()
        declared = frozenset(_PARAM.findall(header.get("params", "")))
        queries[name] = Query(
            name=header.get("name", ""),
            text=body,
            declared=declared,
            used=frozenset(_PARAM.findall(body)),
        )
    return queries


def _expand(text: str, fragments: dict[str, str]) -> str:
    """Fragments included in place, and the fragments they include (a few levels deep)."""
    for _ in range(MAX_NESTING):
        text, count = _INCLUDE.subn(lambda m: fragments[m.group(1)], text)
        if not count:
            return text
    raise ValueError(f"fragments nest deeper than {MAX_NESTING} levels")


def query(name: str) -> LiteralString:
    """The text of one query. A missing name is a programming error (KeyError)."""
    return all_queries()[name].text


def maintenance_query(name: str) -> LiteralString:
    """The text of one maintenance query (`cypher/maintenance/`)."""
    return all_queries(MAINTENANCE)[name].text


def schema_queries() -> list[str]:
    """Names of the schema statements, in a stable order (constraints before indexes)."""
    names = [n for n in all_queries() if n.startswith("schema_") and n != "schema_await"]
    return sorted(names)
