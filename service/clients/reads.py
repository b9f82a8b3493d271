"""The read methods of the Python client (`Memory.facts`, `Memory.search`, ...).

Keyword arguments are those of the REST API (API.md) and validate through the same models, so
an unknown argument or a bad value raises the same error (`InvalidInput` naming the field).
The use cases answer with models (`service.read.answers`), and so does `Memory`.
`Memory.history` comes from the conflict methods (the version chains are theirs).
"""

from __future__ import annotations

from typing import Any

from service.read import facts as fact_cases
from service.read import relations
from service.read.answers import FactsOut, GraphOut, PathsOut, SearchOut
from service.read.deps import ReadDeps
from service.read.requests import (
    FactsRequest,
    GraphRequest,
    PathsRequest,
    ScopeArgs,
    SearchRequest,
    validated,
)
from service.read.search import search as search_case
from service.views import FactOut


class ReadMethods:
    """Mixed into `service.clients.memory.Memory`, which gives the read collaborators (`reads`)."""

    @property
    def reads(self) -> ReadDeps:
        raise NotImplementedError

    def facts(self, **arguments: Any) -> FactsOut:
        """`.facts`: current facts, or those valid `as_of` as known `known_at`.

        m.facts(user_id="alice", subject="alice", predicate="lives_in", as_of="2024")
        """
        return fact_cases.list_facts(self.reads, validated(FactsRequest, arguments))

    def search(self, q: str, **arguments: Any) -> SearchOut:
        """`.results`: hybrid recall over the records visible to one time question.

        m.search("what graphics card do I have?", user_id="alice", as_of="2025-12")
        """
        request = validated(SearchRequest, {"q": q, **arguments})
        return search_case(self.reads, request)

    def get_fact(self, fact_id: str, **scope: Any) -> FactOut:
        """One record of the tenant by id, whatever its state."""
        tenant = validated(ScopeArgs, scope).tenant()
        return fact_cases.get_fact(self.reads, tenant, fact_id)

    def graph(self, entity: str, **arguments: Any) -> GraphOut:
        """`.entity`, `.nodes`, `.edges` (facts), `.next_cursor`: what was connected to the
        entity, within `depth` (1-3) hops, for one time question (current by default).

        m.graph("alice", user_id="alice", depth=2, as_of="2024")
        """
        request = validated(GraphRequest, {"name": entity, **arguments})
        return relations.entity_graph(self.reads, request)

    def paths(self, from_: str, to: str, **arguments: Any) -> PathsOut:
        """`.from_`, `.to`, `.paths` (lists of facts): the shortest chains of records connecting two
        entities, at most `depth` (default 3) records long.

        m.paths("alice", "acme", user_id="alice", as_of="2024")
        """
        request = validated(PathsRequest, {"from": from_, "to": to, **arguments})
        return relations.paths(self.reads, request)
