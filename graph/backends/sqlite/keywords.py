"""Bounded bm25 over an FTS5 table: rare phrases ranked exactly, common ones in a window.

FTS5's bm25 ranking scores every row that matches the query. A word in a third of a tenant's
records ("born" in "<name> was born in <city>") made the keyword channels score hundreds of
thousands of rows per question, so their cost grew with the store. Here each phrase of the
question is first counted, up to `RARE` matches (an FTS5 scan that stops there). Phrases with
at most `RARE` matches (within a `BUDGET` for all of them, rarest first) are ranked by bm25 over
all their matches, as before; when some phrase is more common than that and the rare phrases
found fewer rows than asked for (or there are none), the whole question is also ranked by bm25
over its newest `WINDOW` matches only (a row id range FTS5 seeks into). A row found both ways
keeps its higher score. The cost is bounded by the question's length, not the store's size;
when every phrase is rare (small stores, specific questions), the result is exactly the full
ranking's.

The tenant token is not part of a ranked statement's MATCH: bm25 computes each phrase's
document frequency by reading the phrase's whole posting list, and the tenant token's list is
every row of the tenant (5 ms per statement at 100k records, growing with the tenant). It
would weigh nothing (the `grp` column's weight is 0), and FTS5 counts a phrase's documents over
the whole table either way, so the scores are the same: the tenant's rows are instead kept by a
`+rowid IN (...)` filter on the tenant's matches (the `+` keeps SQLite from handing the list
to FTS5 as one lookup per row, each of which would recount every phrase).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from graph.ports import Scored

RARE = 1000
BUDGET = 4000
WINDOW = 1000


@dataclass(frozen=True)
class Plan:
    """The tenant's rows holding a rare phrase, ranked over all of them (`rare`), and the
    whole question ranked over its newest matches (`every`, when a phrase is common)."""

    table: str
    token: str
    rare: tuple[Sequence[str], ...]
    every: tuple[Sequence[str], ...] = ()


def phrase(terms: Sequence[str]) -> str:
    return '"' + " ".join(term.replace('"', '""') for term in terms) + '"'


def matching(token: str, phrases: Sequence[Sequence[str]]) -> str:
    """Rows of the tenant (`token` in `grp`) holding any of `phrases` in `body`."""
    return f"grp:{phrase([token])} AND {words(phrases)}"


def words(phrases: Sequence[Sequence[str]]) -> str:
    """Rows of any tenant holding any of `phrases` in `body`."""
    return f"body:({' OR '.join(phrase(p) for p in phrases)})"


def plan(
    conn: sqlite3.Connection, table: str, token: str, phrases: Sequence[Sequence[str]]
) -> Plan:
    rare, common = split(conn, table, token, phrases)
    return Plan(table, token, tuple(rare), tuple([*rare, *common]) if common else ())


def ranking(table: str) -> str:
    """bm25 over the rows matching `:words` that are among the tenant's matches `:q`, from row
    id `:floor` on."""
    return (
        f"SELECT rowid AS id, -bm25({table}, 0.0, 1.0) AS score FROM {table} "
        f"WHERE {table} MATCH :words AND rowid >= :floor AND +rowid IN "
        f"(SELECT rowid FROM {table} WHERE {table} MATCH :q AND rowid >= :floor) "
        "ORDER BY score DESC LIMIT :fetch"
    )


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
    floor: int | None = None
    while True:
        scores: dict[int, float] = {}
        rows = _rows(conn, how.table, how.token, how.rare, 0, fetch) if how.rare else []
        exhausted = len(rows) < fetch
        if how.every and exhausted:
            if floor is None:
                floor = window_floor(conn, how.table, matching(how.token, how.every))
            window = _rows(conn, how.table, how.token, how.every, floor, fetch)
            exhausted = len(window) < fetch
            rows += window
        for row in rows:
            scores[row["id"]] = max(scores.get(row["id"], float("-inf")), float(row["score"]))
        kept = visible(list(scores))
        order = sorted(scores, key=lambda rowid: -scores[rowid])
        hits = [Scored(kept[rowid], scores[rowid]) for rowid in order if rowid in kept]
        if len(hits) >= limit or exhausted:
            return hits[:limit]
        fetch *= 4


def _rows(
    conn: sqlite3.Connection,
    table: str,
    token: str,
    phrases: Sequence[Sequence[str]],
    floor: int,
    fetch: int,
) -> list[sqlite3.Row]:
    params = {"words": words(phrases), "q": matching(token, phrases), "floor": floor}
    return conn.execute(ranking(table), {**params, "fetch": fetch}).fetchall()
