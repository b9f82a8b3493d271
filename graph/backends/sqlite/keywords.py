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

Both bounds also follow the answer: at most `ROWS_PER_HIT` rows per hit asked (`scored_rows`:
240 for the 30 a search asks of each channel). With only the fixed bounds, a word in a tenth of
the records ("plays" in "<person> plays for <team>.") was rare up to 1,000 matches, so every
one of its rows was read and scored: on bench.recall.relations the two keyword channels read
220 rows per question at 1k records and 1,494 at 10k, and their time grew 8-11x while the
rest of the search stayed flat. Past `ROWS_PER_HIT` rows per hit a phrase's rows can only fill
the answer's last places (its idf is low): its newest matches do that, and a row holding the
question's rare words is still found and ranked by the whole question.

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

FTS5 intersects two lists by reading the longer one page by page wherever the shorter has
rows: a common phrase or the tenant token (every row of the tenant) costs in proportion to its
own length, about 20-40 ms at a million rows, though the intersection is one row. So common
phrases are intersected by their two rarest first (`holding_all`), and a tenant alone in the
store (`sql.alone`: two index seeks) is not named in the queries at all; the rows found are
the same (tests/graph/backends/test_keyword_bound.py). At 1M records this took the episodes
channel of "Where was <First Last> born?" with a common word for a name from about 55 to 16 ms
of CPU.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from graph.backends.sqlite import bm25, memo
from graph.ports.search import Scored

RARE = 1000
BUDGET = 4000
WINDOW = 1000
ROWS_PER_HIT = 2


def scored_rows(limit: int, most: int) -> int:
    """The rows a bound (`BUDGET` or `WINDOW`: `most`) allows for `limit` hits."""
    return min(most, ROWS_PER_HIT * max(1, limit))


@dataclass(frozen=True)
class Plan:
    """The question's phrases with their statistics, and each phrase's document count in the
    whole index (`everywhere`)."""

    table: str
    token: str
    phrases: tuple[Sequence[str], ...]
    everywhere: tuple[int, ...]
    stats: bm25.Stats
    folded: tuple[list[str], ...] = ()
    """The phrases as bm25 compares them (`bm25.tokens`), folded once per question."""
    alone: bool = False
    """Every row of the index is the tenant's (the store holds one tenant)."""
    known: memo.Memo = field(default_factory=dict, compare=False)
    """Statistics remembered for this state of the database (memo.py)."""

    def tenants(self, phrases: Sequence[Sequence[str]]) -> str:
        """Rows of the tenant holding any of `phrases` (`tenant_rows`)."""
        return tenant_rows(self.token, phrases, self.alone)


def phrase(terms: Sequence[str]) -> str:
    return '"' + " ".join(term.replace('"', '""') for term in terms) + '"'


def matching(token: str, phrases: Sequence[Sequence[str]]) -> str:
    """Rows of the tenant (`token` in `grp`) holding any of `phrases` in `body`."""
    return f"grp:{phrase([token])} AND {words(phrases)}"


def tenant_rows(token: str, phrases: Sequence[Sequence[str]], alone: bool) -> str:
    """Rows of the tenant holding any of `phrases`: without the tenant token when the tenant
    is alone in the store (the same rows; see `count`)."""
    return words(phrases) if alone else matching(token, phrases)


def words(phrases: Sequence[Sequence[str]]) -> str:
    """Rows of any tenant holding any of `phrases` in `body`."""
    return f"body:({' OR '.join(phrase(p) for p in phrases)})"


def plan(
    conn: sqlite3.Connection,
    table: str,
    token: str,
    phrases: Sequence[Sequence[str]],
    alone: bool = False,
) -> Plan:
    """The question's statistics over `table`; `alone`: the tenant holds every row of it.
    Each is remembered until the database changes (memo.py)."""
    known = memo.current(conn)
    rows, average, ends = memo.recall(known, ("averages", table), lambda: averages(conn, table))
    everywhere = tuple(document_count(conn, known, table, p, ends) for p in phrases)
    stats = bm25.Stats(rows, average, tuple(bm25.idf(rows, n) for n in everywhere))
    folded = tuple(bm25.tokens(" ".join(p)) for p in phrases)
    return Plan(table, token, tuple(phrases), everywhere, stats, folded, alone, known)


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


def document_count(
    conn: sqlite3.Connection,
    known: memo.Memo,
    table: str,
    terms: Sequence[str],
    ends: tuple[int, int],
) -> int:
    """`documents`, remembered until the database changes."""
    return memo.recall(
        known, ("documents", table, *terms), lambda: documents(conn, table, terms, ends)
    )


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


def count(conn: sqlite3.Connection, how: Plan, i: int) -> int:
    """How many of the tenant's rows hold the plan's `i`-th phrase, counted up to `RARE` + 1.
    FTS5 intersects the phrase with the tenant token by reading the token's posting list
    (every row of the tenant) page by page until it has found as many: up to 15 ms at a
    million rows for a phrase in 1,200 of them. A tenant alone in the store is not named;
    remembered until the database changes, as the plan's statistics."""
    match = how.tenants([how.phrases[i]])
    key = ("count", how.table, match)
    return memo.recall(how.known, key, lambda: _count(conn, how.table, match))


def _count(conn: sqlite3.Connection, table: str, match: str) -> int:
    row = conn.execute(
        f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH :q LIMIT :cap)",
        {"q": match, "cap": RARE + 1},
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
    rare, budget = rarest(how.everywhere, scored_rows(limit, BUDGET))
    scores: dict[int, float] = {}
    if rare:
        scores = matched(conn, how, words(pick(how.phrases, rare)), -1, scores)
    hits = best(scores, limit, fetch, visible)
    if len(hits) >= limit or len(rare) == len(how.phrases):
        return hits
    common = [i for i in range(len(how.phrases)) if i not in rare]
    tenant = [count(conn, how, i) for i in common]
    local = {common[i] for i in rarest(tenant, budget)[0]}
    if local:
        scores.update(matched(conn, how, how.tenants(pick(how.phrases, local)), -1, scores))
    crowded = [i for i in common if i not in local]
    if crowded:
        window = scored_rows(limit, WINDOW)
        rows = unscored(holding_all(conn, how, crowded, window), scores)
        scores.update(bm25.scores(how.stats, how.folded, rows))
        scores.update(matched(conn, how, how.tenants(how.phrases), window, scores))
    return best(scores, limit, fetch, visible)


def unscored(rows: list[tuple[int, str]], scores: dict[int, float]) -> list[tuple[int, str]]:
    return [row for row in rows if row[0] not in scores]


def matched(
    conn: sqlite3.Connection, how: Plan, match: str, newest: int, scores: dict[int, float]
) -> dict[int, float]:
    """The bm25 of the rows matching `match` (all of them, or the `newest`) not in `scores`."""
    found = bodies(conn, how.table, match, newest)
    return bm25.scores(how.stats, how.folded, unscored(found, scores))


def holding_all(
    conn: sqlite3.Connection, how: Plan, crowded: Sequence[int], window: int = WINDOW
) -> list[tuple[int, str]]:
    """(row id, body) of the tenant's newest `window` rows holding every one of two or more
    phrases (indexes into the plan; none for fewer). FTS5 intersecting them with each other
    and the tenant token reads the common lists page by page (about 20 ms at a million rows
    when one name of "Where was <First Last> born?" is a common word), so the rows holding
    the two rarest are found first (short lists); when there are at most `window` of them,
    each is checked on its content row for the other phrases and the tenant: the same rows.
    Else (many rows hold the two) FTS5 intersects them all, which then stops early. The
    bodies read are the ones scored (reading them again cost 4-5 ms for 1,000 rows at 1M)."""
    if len(crowded) < 2:
        return []
    rarest_two = sorted(crowded, key=lambda i: how.everywhere[i])[:2]
    found = matches(conn, how.table, every(pick(how.phrases, set(rarest_two))), window + 1)
    if len(found) > window:
        match = every(pick(how.phrases, set(crowded)))
        return bodies(conn, how.table, match if how.alone else together(how.token, match), window)
    wanted = [how.folded[i] for i in crowded]
    rows = content(conn, how.table, found)
    return [(rowid, body) for rowid, grp, body in rows if grp == how.token and holds(body, wanted)]


def holds(body: str, wanted: Sequence[list[str]]) -> bool:
    """Does `body` hold every one of the folded phrases `wanted`?"""
    words = bm25.tokens(body)
    return all(bm25.occurrences(words, terms) for terms in wanted)


def together(token: str, match: str) -> str:
    """Rows of the tenant among those of `match`."""
    return f"grp:{phrase([token])} AND {match}"


def every(phrases: Sequence[Sequence[str]]) -> str:
    """Rows of any tenant holding every one of `phrases`."""
    return " AND ".join(f"body:{phrase(p)}" for p in phrases)


def pick(phrases: Sequence[Sequence[str]], chosen: set[int]) -> list[Sequence[str]]:
    return [p for i, p in enumerate(phrases) if i in chosen]


def matches(conn: sqlite3.Connection, table: str, match: str, newest: int = -1) -> list[int]:
    """Row ids matching `match`: all of them, or the `newest` ones."""
    rows = conn.execute(
        f"SELECT rowid FROM {table} WHERE {table} MATCH :q ORDER BY rowid DESC LIMIT :n",
        {"q": match, "n": newest},
    )
    return [int(row[0]) for row in rows.fetchall()]


def bodies(conn: sqlite3.Connection, table: str, match: str, newest: int) -> list[tuple[int, str]]:
    """(row id, body) of the rows matching `match` (all, or the `newest`), in one statement:
    the row ids and then their content rows (`matches` + `content`) cost 1.5 times as much."""
    rows = conn.execute(
        f"SELECT c.id, c.c1 FROM (SELECT rowid AS hit FROM {table} WHERE {table} MATCH :q "
        f"ORDER BY rowid DESC LIMIT :n) AS m JOIN {table}_content AS c ON c.id = m.hit",
        {"q": match, "n": newest},
    )
    return [(int(row[0]), row[1]) for row in rows.fetchall()]


def content(conn: sqlite3.Connection, table: str, rowids: list[int]) -> list[tuple[int, str, str]]:
    """(row id, tenant token, body) of each row, as FTS5's content table holds them:
    one row id seek each, the ids bound once (json_each)."""
    if not rowids:
        return []
    rows = conn.execute(
        f"SELECT id, c0, c1 FROM {table}_content WHERE id IN (SELECT value FROM json_each(?))",
        (json.dumps(rowids),),
    )
    return [(int(row[0]), row[1], row[2]) for row in rows.fetchall()]


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
