"""No index of ours takes graphiti-core's name or its full-text definition (docs/graphiti.md).

Neo4j skips `CREATE ... IF NOT EXISTS` when an index of that name exists, and counts two
full-text indexes over the same label and properties as one whatever their names: either way
whichever schema ran first would serve the other's queries with its own fields and analyzer.
Checked on the query text, without a database; the real-Neo4j proof is
tests/graphiti/test_indexes.py.
"""

from __future__ import annotations

import re

from graphiti_core.driver.driver import GraphProvider
from graphiti_core.graph_queries import get_fulltext_indices, get_range_indices

from graph.backends.neo4j.queries import all_queries

NAME = re.compile(r"\b(?:INDEX|CONSTRAINT)\s+(\w+)\s+IF NOT EXISTS")
FULLTEXT = re.compile(
    r"FULLTEXT INDEX\s+(\w+).*?FOR\s+"
    r"(?:\(\w*:(\w+)\)|\(\)-\[\w*:(\w+)\]-\(\))\s+ON EACH\s+\[([^\]]*)\]",
    re.S,
)
SHARED = {"entity_group_id"}  # the same name and the same definition on both sides


def _ours() -> list[str]:
    return [q.text for n, q in all_queries().items() if n.startswith("schema_")]


def _definitions(texts: list[str]) -> dict[str, tuple[str, frozenset[str]]]:
    found = {}
    for text in texts:
        for name, node, rel, props in FULLTEXT.findall(text):
            fields = frozenset(p.strip().split(".")[-1] for p in props.split(","))
            found[name] = (node or rel, fields)
    return found


def test_no_index_of_ours_is_named_like_one_of_graphitis() -> None:
    theirs = get_range_indices(GraphProvider.NEO4J) + get_fulltext_indices(GraphProvider.NEO4J)
    their_names = {n for q in theirs for n in NAME.findall(q)}
    our_names = {n for q in _ours() for n in NAME.findall(q)}
    assert len(their_names) > 20 and len(our_names) > 20  # the patterns still read both
    assert our_names & their_names == SHARED


def test_no_full_text_index_of_ours_has_graphitis_definition() -> None:
    theirs = _definitions(list(get_fulltext_indices(GraphProvider.NEO4J)))
    ours = _definitions(_ours())
    assert len(theirs) == 4 and len(ours) >= 2
    assert set(ours.values()).isdisjoint(theirs.values())
