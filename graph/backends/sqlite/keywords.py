"""Bounded bm25 over an FTS5 table: rare phrases ranked exactly, common ones in a window.

FTS5's bm25 ranking scores every row that matches the query. A word in a third of a tenant's
records ("born" in "<name> was born in <city>") made the keyword channels score hundreds of
thousands of rows per question, so their cost grew with the store. Here each phrase of the
question is first counted, up to `RARE` matches (an FTS5 scan that stops there). Phrases with
at most `RARE` matches (within a `BUDGET` for all of them, rarest first) are ranked by bm25 over
all their matches, as before; when some phrase is more common than that, the whole question is
also ranked by bm25 over its newest `WINDOW` matches only (a row id range FTS5 seeks into).
A row found both ways keeps its higher score. The cost is bounded by the question's length,
not the store's size; when every phrase is rare (small stores, specific questions), the result
is exactly the full ranking's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from graph.ports import Scored

RARE = 1000
BUDGET = 4000
WINDOW = 1000


@dataclass(frozen=True)
class Plan:
    """The FTS5 statements (with their parameters) whose rows are merged."""

    steps: tuple[tuple[str, dict[str, Any]], ...]


def phrase(terms: Sequence[str]) -> str:
    return '"' + " ".join(term.replace('"', '""') for term in terms) + '"'


def matching(token: str, phrases: Sequence[Sequence[str]]) -> str:
    """Rows of the tenant (`token` in `grp`) holding any of `phrases` in `body`."""
    return f"grp:{phrase([token])} AND body:({' OR '.join(phrase(p) for p in phrases)})"


def plan(
    conn: sqlite3.Connection, table: str, token: str, phrases: Sequence[Sequence[str]]
) -> Plan:
    rare, common = split(conn, table, token, phrases)
    ranked = (
        f"SELECT rowid AS id, -bm25({table}, 0.0, 1.0) AS score FROM {table} "
        f"WHERE {table} MATCH :q AND rowid >= :floor ORDER BY score DESC LIMIT :fetch"
    )
    steps: list[tuple[str, dict[str, Any]]] = []
    if rare:
        steps.append((ranked, {"q": matching(token, rare), "floor": 0}))
    if common:
        every = matching(token, [*rare, *common])
        steps.append((ranked, {"q": every, "floor": window_floor(conn, table, every)}))
    return Plan(tuple(steps))


def split(
    conn: sqlite3.Connection, table: str, token: str, phrases: Sequence[Sequence[str]]
) -> tuple[list[Sequence[str]], list[Sequence[str]]]:
    """(rare, common) phrases, each list in the question's order."""
    counted = sorted(
        ((count(conn, table, token, p), i) for i, p in enumerate(phrases)), key=lambda c: c[0]
    )
    rare: set[int] = set()
    total = 0
    for matches, i in counted:
        if matches > RARE or total + matches > BUDGET:
            break
        rare.add(i)
        total += matches
    return (
        [p for i, p in enumerate(phrases) if i in rare],
        [p for i, p in enumerate(phrases) if i not in rare],
    )


def count(conn: sqlite3.Connection, table: str, token: str, terms: Sequence[str]) -> int:
    """How many of the tenant's rows hold the phrase, counted up to `RARE` + 1."""
    row = conn.execute(
        f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH :q LIMIT :cap)",
        {"q": matching(token, [terms]), "cap": RARE + 1},
    ).fetchone()
    return int(row[0])


def window_floor(conn: sqlite3.Connection, table: str, match: str) -> int:
    """The row id of the `WINDOW`-th newest match (0 when there are fewer)."""
    row = conn.execute(
        f"SELECT rowid FROM {table} WHERE {table} MATCH :q ORDER BY rowid DESC "
        "LIMIT 1 OFFSET :skip",
        {"q": match, "skip": WINDOW - 1},
    ).fetchone()
    return int(row[0]) if row else 0


def ranked(
    conn: sqlite3.Connection,
    how: Plan,
    limit: int,
    fetch: int,
    visible: Callable[[list[int]], dict[int, str]],
) -> list[Scored]:
    """The best `limit` visible rows of the plan (row id -> uuid by `visible`), best first,
    fetching more while too few of them are visible."""
    while True:
        scores: dict[int, float] = {}
        exhausted = True
        for statement, params in how.steps:
            rows = conn.execute(statement, {**params, "fetch": fetch}).fetchall()
            exhausted = exhausted and len(rows) < fetch
            for row in rows:
                scores[row["id"]] = max(scores.get(row["id"], float("-inf")), float(row["score"]))
        kept = visible(list(scores))
        order = sorted(scores, key=lambda rowid: -scores[rowid])
        hits = [Scored(kept[rowid], scores[rowid]) for rowid in order if rowid in kept]
        if len(hits) >= limit or exhausted:
            return hits[:limit]
        fetch *= 4
