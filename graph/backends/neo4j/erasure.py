"""Erasure's verbs (`graph.ports.erasure`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence

from graph.backends.neo4j.rows import Rows
from graph.ports.erasure import Erasure


class Neo4jErasure(Erasure):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def group(self, group_id: str, batch: int) -> int:
        return int(self._rows("erase_group", group_id=group_id, batch=batch)[0]["deleted"])

    def episodes(self, group_id: str, episode_uuids: Sequence[str]) -> int:
        ids = list(episode_uuids)
        facts = self._rows("erase_episode_facts", group_id=group_id, uuids=ids)[0]
        candidates = self._rows("erase_episode_candidates", group_id=group_id, uuids=ids)[0]
        episodes = self._rows("erase_episode_nodes", group_id=group_id, uuids=ids)[0]
        operations = self._rows("erase_episode_operations", group_id=group_id, uuids=ids)[0]
        touched = sorted(set(facts["touched"]) | set(episodes["touched"]))
        orphans = self._rows("erase_orphans", group_id=group_id, uuids=touched)[0]
        counts = (facts, candidates, episodes, operations, orphans)
        return sum(int(c["deleted"]) for c in counts)
