"""Reading a graph graphiti-core wrote, with graphiti-core's own readers (its storage format
stays its business): entity nodes, entity edges with their embeddings, episodes, mentions."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from graphiti_core.driver.neo4j_driver import Neo4jDriver
from graphiti_core.edges import EntityEdge, EpisodicEdge
from graphiti_core.errors import GroupsEdgesNotFoundError
from graphiti_core.nodes import EntityNode, EpisodicNode
from neo4j.exceptions import DriverError, Neo4jError

from graph.domain.errors import InvalidInput, StoreUnavailable

PAGE = 500
_GROUP = re.compile(r"^[A-Za-z0-9_-]{1,128}$")


@dataclass(frozen=True)
class GraphitiSource:
    """Where the graphiti graph is: a Bolt address, the graphiti `group_id` to read."""

    uri: str
    group_id: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    database: str = "neo4j"

    def __post_init__(self) -> None:
        if not _GROUP.match(self.group_id):
            raise InvalidInput(
                "group_id must be 1-128 letters, digits, '_' or '-'", field="group_id"
            )
        if urlsplit(self.uri).scheme not in {"bolt", "neo4j", "bolt+s", "neo4j+s"}:
            raise InvalidInput("the source must be a bolt:// or neo4j:// address", field="uri")

    def describe(self) -> str:
        """The address without credentials, for reports and the ledger."""
        parts = urlsplit(self.uri)
        host = parts.hostname or ""
        netloc = f"{host}:{parts.port}" if parts.port else host
        return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


@dataclass(frozen=True)
class GraphitiGraph:
    nodes: list[EntityNode]
    edges: list[EntityEdge]
    episodes: list[EpisodicNode]
    mentions: list[EpisodicEdge]


def read_graph(source: GraphitiSource) -> GraphitiGraph:
    """Everything graphiti stored under the source's group id. The driver is made outside an
    event loop, so graphiti does not build its indexes: the source is only read."""
    try:
        driver = Neo4jDriver(source.uri, source.user, source.password, source.database)
        return asyncio.run(_read(driver, source.group_id))
    except (Neo4jError, DriverError, OSError) as exc:
        raise StoreUnavailable(
            f"cannot read the graphiti graph at {source.describe()}: {exc}"
        ) from exc


async def _read(driver: Neo4jDriver, group: str) -> GraphitiGraph:
    groups = [group]
    try:
        return GraphitiGraph(
            nodes=await _pages(
                lambda n, c: EntityNode.get_by_group_ids(driver, groups, limit=n, uuid_cursor=c)
            ),
            edges=await _pages(
                lambda n, c: EntityEdge.get_by_group_ids(
                    driver, groups, limit=n, uuid_cursor=c, with_embeddings=True
                )
            ),
            episodes=await _pages(
                lambda n, c: EpisodicNode.get_by_group_ids(driver, groups, limit=n, uuid_cursor=c)
            ),
            mentions=await _pages(
                lambda n, c: EpisodicEdge.get_by_group_ids(driver, groups, limit=n, uuid_cursor=c)
            ),
        )
    finally:
        await driver.close()


async def _pages(fetch: Callable[[int, str | None], Awaitable[Any]]) -> list[Any]:
    """Every record, a page at a time in graphiti's descending-uuid order."""
    found: list[Any] = []
    cursor: str | None = None
    while True:
        try:
            page = list(await fetch(PAGE, cursor))
        except GroupsEdgesNotFoundError:  # graphiti's answer to "no edges in this group"
            page = []
        found.extend(page)
        if len(page) < PAGE:
            return found
        cursor = page[-1].uuid
