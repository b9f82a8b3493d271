"""The episodes' verbs (`graph.ports.episodes`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graph.backends.neo4j import codec
from graph.backends.neo4j.rows import Rows
from graph.domain.model import Episode
from graph.ports.episodes import Episodes


class Neo4jEpisodes(Episodes):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def get(self, group_id: str, uuids: Sequence[str]) -> list[Episode]:
        rows = self._rows("episodes_get", group_id=group_id, uuids=list(uuids))
        return [codec.episode_from_map(row["episode"]) for row in rows]

    def of_source(self, group_id: str, source: str, limit: int) -> list[Episode]:
        rows = self._rows("episodes_of_source", group_id=group_id, source=source, limit=limit)
        return [codec.episode_from_map(row["episode"]) for row in rows]

    def latest(self, group_id: str, at: datetime, limit: int) -> list[Episode]:
        rows = self._rows("episodes_latest", group_id=group_id, at=at.isoformat(), limit=limit)
        return [codec.episode_from_map(row["episode"]) for row in rows]

    def record(self, episodes: Sequence[Episode]) -> None:
        by_group: dict[str, list[dict[str, Any]]] = {}
        for episode in episodes:
            item = codec.wire_times(codec.episode_props(episode))
            item["entity_uuids"] = list(episode.entity_uuids)
            by_group.setdefault(episode.group_id, []).append(item)
        for group_id, items in by_group.items():
            self._rows("episodes_record", group_id=group_id, episodes=items)
