"""Bounded bm25 over an FTS5 table: candidates found by rare phrases, ranked by the whole question.

FTS5's bm25 ranking scores every row that matches the query. A word in a third of a tenant's
records ("born" in "<name> was born in <city>") made the keyword channels score hundreds of
thousands of rows per question, so their cost grew with the store. Here each phrase of the
question is first counted, up to `RARE` matches (an FTS5 scan that stops there). Every tenant
row holding a phrase with at most `RARE` matches (within a `BUDGET` for all of them, rarest
first) is a candidate; when some phrase is more common than that and the rare phrases' rows do
not fill the answer (or there are none), the newest `WINDOW` tenant matches of the whole
question are candidates too. Every candidate is then scored by bm25 over the WHOLE question,
common phrases included (bm25.py: FTS5's formula, on the index's own text of the row). The cost
is bounded by `BUDGET` + `WINDOW` rows, not by the store's size; when every phrase is rare
(small stores, specific questions) the result is the full ranking's.

Scoring the rare rows by their rare phrases alone (as FTS5 would with only those phrases in its
MATCH) lost the common words' say: at a million records, in "Where was Ada Moss born?" "ada"
(3,800 records) and "born" are common, so "moss" alone ranked the 87 people named Moss, tied,
and the right record came first in none of 40 questions (the full bm25 ranking: 40 of 40).

The statistics are the whole index's, as FTS5's: its row count and average length from its
averages record (`<table>_data` row 1: the row count and each column's token total, varints),
and each phrase's document count over every tenant, counted up to `RARE` matches and beyond
that estimated from how densely it matches the newest rows (its `RARE`-th newest match's
place in the row id range). Ranking inside FTS5 instead would read each phrase's whole posting
list to count it, every question (the cost this module bounds), and restricting an FTS5
ranking to the candidates costs one lookup per row, each recounting every phrase.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from graph.backends.sqlite import bm25
from graph.ports import Scored

RARE = 1000
BUDGET = 4000
WINDOW = 1000


@dataclass(frozen=True)
class Plan:
    """The question's phrases with their statistics, and each phrase's document count in the
    whole index (`everywhere`)."""

    table: str
    token: str
    phrases: tuple[Sequence[str], ...]
    everywhere: tuple[int, ...]
    stats: bm25.Stats


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
    rows, average, ends = averages(conn, table)
    everywhere = tuple(documents(conn, table, p, ends) for p in phrases)
    stats = bm25.Stats(rows, average, tuple(bm25.idf(rows, n) for n in everywhere))
    return Plan(table, token, tuple(phrases), everywhere, stats)


def averages(conn: sqlite3.Connection, table: str) -> tuple[int, float, tuple[int, int]]:
    """(rows, average row length in tokens, (lowest, highest) row id) of the index."""
    found = conn.execute(f"SELECT block FROM {table}_data WHERE id = 1").fetchone()
    values = varints(bytes(found[0])) if found else []
    rows = values[0] if values else 0
    average = sum(values[1:]) / rows if rows else 1.0
    ends = conn.execute(
        f"SELECT (SELECT rowid FROM {table} ORDER BY rowid DESC LIMIT 1), "
        f"(SELECT rowid FROM {table} ORDER BY rowid LIMIT 1)"
    ).fetchone()
    return rows, average or 1.0, (ends[1] or 0, ends[0] or 0)


def varints(data: bytes) -> list[int]:
    """SQLite's big-endian varints (at most 9 bytes each, the 9th whole), decoded in order."""
    out, at = [], 0
    while at < len(data):
        value = 0
        for width in range(9):
            byte = data[at]
            at += 1
            if width == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                break
        out.append(value)
    return out


def documents(
    conn: sqlite3.Connection, table: str, terms: Sequence[str], ends: tuple[int, int]
) -> int:
    """How many rows of any tenant hold the phrase: counted up to `RARE`, past that estimated
    from the place of its `RARE`-th newest match in the row id range."""
    found, oldest = conn.execute(
        f"SELECT count(*), min(rowid) FROM (SELECT rowid FROM {table} WHERE {table} MATCH :q "
        "ORDER BY rowid DESC LIMIT :cap)",
        {"q": words([terms]), "cap": RARE},
    ).fetchone()
    if found < RARE:
        return int(found)
    low, high = ends
    span = high - low + 1
    return max(RARE, min(span, round(RARE * span / (high - int(oldest) + 1))))


def rarest(counts: Sequence[int], budget: int) -> tuple[set[int], int]:
    """The indexes of the phrases with at most `RARE` matches each (`counts`), `budget` in
    all, rarest first; and what is left of the budget."""
    rare: set[int] = set()
    for matches, i in sorted((n, i) for i, n in enumerate(counts)):
        if matches > RARE or matches > budget:
            break
        rare.add(i)
        budget -= matches
    return rare, budget


def count(conn: sqlite3.Connection, table: str, token: str, terms: Sequence[str]) -> int:
    """How many of the tenant's rows hold the phrase, counted up to `RARE` + 1."""
    row = conn.execute(
        f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH :q LIMIT :cap)",
        {"q": matching(token, [terms]), "cap": RARE + 1},
    ).fetchone()
    return int(row[0])


def ranked(
    conn: sqlite3.Connection,
    how: Plan,
    limit: int,
    fetch: int,
    visible: Callable[[list[int]], dict[int, str]],
) -> list[Scored]:
    """The best `limit` visible candidates of the plan (row id -> uuid of the tenant's rows
    by `visible`), best first; visibility is asked of `fetch` of them at a time, best first,
    more each time. Candidates in three steps, each only while the answer is short: the rows
    of the phrases rare in the whole index (no tenant token in the match: its posting list is
    the whole tenant; `visible` keeps the tenant's), the tenant's rows of the phrases rare in
    the tenant only, then the tenant's newest rows holding every common phrase and its newest
    matches of the whole question."""
    rare, budget = rarest(how.everywhere, BUDGET)
    scores: dict[int, float] = {}
    if rare:
        scores = scored(conn, how, matches(conn, how.table, words(pick(how.phrases, rare))))
    hits = best(scores, limit, fetch, visible)
    if len(hits) >= limit or len(rare) == len(how.phrases):
        return hits
    common = [i for i in range(len(how.phrases)) if i not in rare]
    tenant = [count(conn, how.table, how.token, how.phrases[i]) for i in common]
    local = {common[i] for i in rarest(tenant, budget)[0]}
    if local:
        found = matches(conn, how.table, matching(how.token, pick(how.phrases, local)))
        scores.update(scored(conn, how, [rowid for rowid in found if rowid not in scores]))
    crowded = [how.phrases[i] for i in common if i not in local]
    for match in (together(how.token, crowded), matching(how.token, how.phrases)):
        if crowded and match:
            newest = matches(conn, how.table, match, WINDOW)
            scores.update(scored(conn, how, [rowid for rowid in newest if rowid not in scores]))
    return best(scores, limit, fetch, visible)


def together(token: str, phrases: Sequence[Sequence[str]]) -> str:
    """Rows of the tenant holding every one of two or more `phrases` ("" for fewer): the
    newest matches of common words together, before the newest of any of them, so a
    question of common words only still finds the rows that hold them all (FTS5 intersects
    the lists by seeking, so the cost follows the shortest)."""
    if len(phrases) < 2:
        return ""
    return f"grp:{phrase([token])} AND " + " AND ".join(f"body:{phrase(p)}" for p in phrases)


def pick(phrases: Sequence[Sequence[str]], chosen: set[int]) -> list[Sequence[str]]:
    return [p for i, p in enumerate(phrases) if i in chosen]


def matches(conn: sqlite3.Connection, table: str, match: str, newest: int = -1) -> list[int]:
    """Row ids matching `match`: all of them, or the `newest` ones."""
    rows = conn.execute(
        f"SELECT rowid FROM {table} WHERE {table} MATCH :q ORDER BY rowid DESC LIMIT :n",
        {"q": match, "n": newest},
    )
    return [int(row[0]) for row in rows.fetchall()]


def scored(conn: sqlite3.Connection, how: Plan, rowids: list[int]) -> dict[int, float]:
    """Each row's bm25 over the whole question, from the index's own text of it."""
    if not rowids:
        return {}
    rows = conn.execute(  # FTS5's content table: one row id seek each, json_each binds once
        f"SELECT id, c1 FROM {how.table}_content WHERE id IN (SELECT value FROM json_each(?))",
        (json.dumps(rowids),),
    )
    folded = [bm25.tokens(" ".join(p)) for p in how.phrases]
    return {int(row[0]): bm25.score(how.stats, folded, row[1]) for row in rows.fetchall()}


def best(
    scores: dict[int, float],
    limit: int,
    fetch: int,
    visible: Callable[[list[int]], dict[int, str]],
) -> list[Scored]:
    order = sorted(scores, key=lambda rowid: (-scores[rowid], -rowid))
    hits: list[Scored] = []
    start = 0
    while start < len(order) and len(hits) < limit:
        batch = order[start : start + fetch]
        kept = visible(batch)
        hits += [Scored(kept[rowid], scores[rowid]) for rowid in batch if rowid in kept]
        start += fetch
        fetch *= 4
    return hits[:limit]
