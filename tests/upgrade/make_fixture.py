"""Make an upgrade fixture: the store an earlier version wrote for one fixed scenario.

Run with the EARLIER checkout's code first on the path (this file only uses what every version
had: `Memory(**settings)`, `add`, `run_pending`, `verify_ledger`, `close`):

    git worktree add /tmp/old <commit>
    PYTHONPATH=/tmp/old .venv/bin/python tests/upgrade/make_fixture.py sqlite OUT --label L
    PYTHONPATH=/tmp/old .venv/bin/python tests/upgrade/make_fixture.py neo4j OUT --label L \
        --neo4j-uri bolt://127.0.0.1:7687      # a server of its own: it is wiped first

The embedded store is kept as SQL text (`sqlite3.Connection.iterdump`), the Neo4j database as
JSON: the schema statements the version created (`SHOW ... createStatement`), then every node
and relationship with its properties (times tagged, so they load back as times). The Cypher it
runs is read from this checkout's `cypher/maintenance/` files, by path (the earlier checkout
has none of them). tests/upgrade/test_upgrade.py opens each fixture with today's code.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import tempfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase
from neo4j.time import Date, DateTime

HERE = Path(__file__).resolve().parent
CYPHER = HERE.parents[1] / "cypher"
USER_TURNS = (
    ("alice", "I moved to Berlin in 2023.", "2023-06-01"),
    ("alice", "I work at Acme.", "2024-01-10"),
    ("alice", "My favourite colour is green.", "2024-02-02"),
    ("alice", "I moved to Paris in 2025.", "2025-03-01"),
    ("bob", "我住在北京。", "2024-05-01"),
)
ASYNC_TURN = ("alice", "I have a dog named Rex.", "2024-04-04")


def write_scenario(memory: Any) -> dict[str, int]:
    """The fixed scenario through the public Python API; the tenants' ledger lengths."""
    for user, text, observed in USER_TURNS:
        memory.add(text, user_id=user, observation_date=observed)
    user, text, observed = ASYNC_TURN
    memory.add(text, user_id=user, observation_date=observed, mode="async")
    memory.run_pending()
    lengths = {}
    for user in ("alice", "bob"):
        verdict = memory.verify_ledger(user_id=user)
        verdict = verdict if isinstance(verdict, dict) else verdict.model_dump()
        assert verdict["ok"], verdict
        lengths[user] = verdict["length"]
    return lengths


def cypher(name: str, folder: str = "maintenance") -> str:
    text = (CYPHER / folder / f"{name}.cypher").read_text()
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


def tagged(value: Any) -> Any:
    """A property value as JSON: times tagged, float lists rounded (embeddings)."""
    if isinstance(value, DateTime | datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, Date | date):
        return {"$date": value.isoformat()}
    if isinstance(value, list) and value and all(isinstance(v, float) for v in value):
        return [round(v, 6) for v in value]
    return value


def neo4j_dump(uri: str) -> dict[str, Any]:
    with GraphDatabase.driver(uri) as driver, driver.session() as session:
        schema = [
            row["statement"]
            for name in ("admin_schema_constraint_statements", "admin_schema_index_statements")
            for row in session.run(cypher(name))
        ]
        nodes = session.run(cypher("admin_dump_nodes")).data()
        edges = session.run(cypher("admin_dump_edges")).data()
    index = {row["id"]: n for n, row in enumerate(nodes)}
    return {
        "schema": schema,
        "nodes": [{"labels": sorted(r["labels"]), "props": _props(r["props"])} for r in nodes],
        "edges": [
            {
                "from": index[r["source"]],
                "to": index[r["target"]],
                "type": r["type"],
                "props": _props(r["props"]),
            }
            for r in edges
        ],
    }


def _props(props: dict[str, Any]) -> dict[str, Any]:
    return {key: tagged(value) for key, value in sorted(props.items())}


def sql_dump(conn: sqlite3.Connection) -> str:
    """The file as SQL text. A full-text table's own rows are left out: `iterdump` writes them
    before the tables that hold them exist, and its shadow tables' rows (kept) are its content."""
    virtual = {
        row[0]
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'"
        )
    }
    skipped = tuple(f'INSERT INTO "{name}" VALUES' for name in virtual)
    return "\n".join(s for s in conn.iterdump() if not s.startswith(skipped))


def neo4j_wipe(uri: str) -> None:
    """Every record, constraint and index gone, so the earlier version makes its own schema."""
    with GraphDatabase.driver(uri) as driver, driver.session() as session:
        while session.run(cypher("admin_wipe"), batch=5000).single(strict=True)["deleted"]:
            pass
        for row in session.run(cypher("admin_schema_constraint_statements")).data():
            session.run(cypher("admin_drop_constraint"), constraint=row["name"]).consume()
        for row in session.run(cypher("admin_schema_index_statements")).data():
            session.run(cypher("drop_index", folder="."), index=row["name"]).consume()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("backend", choices=["sqlite", "neo4j"])
    parser.add_argument("out", type=Path)
    parser.add_argument("--label", required=True, help="version and commit it was made with")
    parser.add_argument("--neo4j-uri", default="bolt://127.0.0.1:7687")
    args = parser.parse_args()
    from service.clients import memory as memory_module

    commit = subprocess.run(
        ["git", "-C", str(Path(memory_module.__file__).parents[2]), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as folder:
        if args.backend == "neo4j":
            neo4j_wipe(args.neo4j_uri)
        settings = {"backend": args.backend, "data_dir": Path(folder), "neo4j_uri": args.neo4j_uri}
        memory = memory_module.Memory(**settings)
        lengths = write_scenario(memory)
        memory.close()
        header = {"label": args.label, "commit": commit, "ledger_lengths": lengths}
        if args.backend == "sqlite":
            (database,) = Path(folder).glob("*.db")
            with sqlite3.connect(database) as conn:
                dump = sql_dump(conn)
            args.out.write_text(f"-- {json.dumps(header)}\n{dump}\n")
        else:
            args.out.write_text(json.dumps({**header, **neo4j_dump(args.neo4j_uri)}) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes) from {commit[:12]}")


if __name__ == "__main__":
    main()
