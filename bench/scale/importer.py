"""Build the scale benchmark's Neo4j store in bulk: `neo4j-admin database import` from CSV.

Through the port's batch transaction the build cost, per record (entity, episode and fact),
about 2.5 ms of client CPU (1.2 ms since the batch writes send times as text) and 4-8 ms of
server CPU (the full-text, range and vector index updates of every commit) on this shared
2-core machine: 59 records/s under load 14, so 1M records would take hours. This writes the
same records as CSV instead, with the property maps the port sends (`graph.backends.neo4j
.codec`: `entity_props`, `episode_props`, `fact_props`, the episode's `entity_edges` as
`facts_record` fills them, the embedding as the port's list of floats), imports them into an
empty database with Neo4j's offline importer (the jars of tools/neo4j), and lets the store
create its constraints and indexes on the next start (`--schema URI`: `Neo4jStore`'s own
schema, so the indexes are the ones the store makes, populated in one pass). One difference
from the port's build: the importer stores no empty list (`aliases`, `media_refs`,
`entity_uuids` of `[]` are absent), which the port reads as the same empty tuple and no query
filters on. `--check URI` compares, on a sample, the records the port reads back with the
records the generator made.

  python -m bench.scale.importer SIZE NEO4J_HOME [--csv DIR] [--keep-csv]
  python -m bench.scale.importer SIZE --schema bolt://127.0.0.1:7703 --check bolt://127.0.0.1:7703

NEO4J_HOME is a stopped server's data directory (`NEO4J_DATA_DIR`, default
`$NEO4J_RUN_DIR/data`); its database `neo4j` is replaced. Start the server on it afterwards
(tools/neo4j/neo4j.sh), make the schema, then `python -m bench.scale --backends neo4j
--neo4j-uri SIZE=URI,...` finds the size full and only measures it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import ExitStack, closing
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, Any

import numpy as np

from bench.scale.base import GROUP
from bench.scale.corpus import Chunk, ScaleSynth, Vectors, data_folder
from graph.backends.neo4j import codec
from graph.domain.model import Entity, Episode, Fact

CHUNK = 2000
WORKERS = 2
TOOLS = Path(
    os.environ.get("PALIMPSEST_NEO4J_TOOLS")
    or Path(__file__).resolve().parents[2] / "tools" / "neo4j"
)
"""tools/neo4j with its built jars (`neo4j.sh build`; a worktree may point at the main checkout)."""


class VectorText(str):
    """An embedding already written as a CSV array (`vector_texts`): the slow part of the CSV,
    so it is formatted in worker processes."""


TYPES = (
    (VectorText, "double[]"), (bool, "boolean"), (int, "long"), (float, "double"),
    (str, "string"), (datetime, "datetime"),
)  # fmt: skip
"""CSV column types by Python type (bool before int: a bool is an int; an embedding's text
before str)."""


def column_type(value: Any) -> str:
    if isinstance(value, list):  # every list but the embedding holds strings (`codec`)
        return column_type(value[0]) + "[]" if value else "string[]"
    for kind, name in TYPES:
        if isinstance(value, kind):
            return name
    raise ValueError(f"no CSV type for {type(value).__name__}")


def cell(value: Any) -> str:
    """One CSV field: strings and lists quoted (an empty string or list stays one: the port
    stores `""` and `[]`), None empty (no property)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return '"' + ";".join(cell(item).strip('"') for item in value) + '"'
    if isinstance(value, VectorText):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    return repr(value)


@dataclass
class Table:
    """One CSV file: its header fixed by the first rows written (`id_column`: the node key;
    `ends`: a relationship's start and end node keys), then one line per row."""

    out: IO[str]
    id_column: str | None = None
    ends: tuple[str, str] | None = None
    columns: dict[str, str] = field(default_factory=dict)

    def _header(self, first: Iterable[Mapping[str, Any]]) -> None:
        for row in first:
            for key, value in row.items():
                if key not in self.columns and value is not None:
                    self.columns[key] = column_type(value)
        heads = [
            f"{name}:ID" if name == self.id_column else f"{name}:{kind}"
            for name, kind in self.columns.items()
        ]
        self.out.write(",".join(heads + ([":START_ID", ":END_ID"] if self.ends else [])) + "\n")

    def write(self, rows: list[dict[str, Any]]) -> None:
        if not self.columns:
            self._header(rows)
        for row in rows:
            extra = {key for key in set(row) - set(self.columns) if row[key] is not None}
            if extra:
                raise ValueError(f"a later row has new columns {sorted(extra)}")
            cells = [cell(row.get(name)) for name in self.columns]
            if self.ends:
                cells += [cell(row[end]) for end in self.ends]
            self.out.write(",".join(cells) + "\n")


def chunks(size: int) -> Iterator[Chunk]:
    """The records in chunks of `CHUNK`, their facts without embeddings (`vector_texts`)."""
    synth = ScaleSynth(GROUP)
    for low in range(0, size, CHUNK):
        high = min(size, low + CHUNK)
        yield synth.scale_chunk(low, high, np.zeros((high - low, 1), dtype=np.float32))


def vector_texts(bounds: tuple[int, int]) -> list[VectorText]:
    """Records low..high-1's embeddings as the port sends them (the float32 values as Python
    floats), as CSV arrays: `repr` is exact, so Neo4j parses the same doubles."""
    rows = Vectors(data_folder()).rows(*bounds).tolist()
    return [VectorText(";".join(map(float.__repr__, row))) for row in rows]


def fact_row(fact: Fact, vector: VectorText) -> dict[str, Any]:
    """The fact's properties as `facts_record` sets them (`SET r = f.props`)."""
    props = codec.fact_props(fact.model_copy(update={"fact_embedding": None}))
    props["fact_embedding"] = vector
    return props


FILES = ("entities", "episodes", "facts")


def write_csv(size: int, folder: Path) -> None:
    """The first `size` records as three CSV files in `folder`."""
    vectors = Vectors(data_folder())
    vectors.ensure(size, GROUP)
    began = time.perf_counter()
    with ExitStack() as stack:
        entities, episodes, facts = (
            stack.enter_context((folder / f"{name}.csv").open("w", encoding="utf-8"))
            for name in FILES
        )
        tables = (
            Table(entities, id_column="uuid"),
            Table(episodes, id_column="uuid"),
            Table(facts, ends=("subject_uuid", "object_uuid")),
        )
        pool = stack.enter_context(multiprocessing.get_context("fork").Pool(WORKERS))
        bounds = [(low, min(size, low + CHUNK)) for low in range(0, size, CHUNK)]
        texts = pool.imap(vector_texts, bounds)
        for done, chunk in enumerate(chunks(size), start=1):
            write_chunk(tables, chunk, next(texts))
            if done % 50 == 0:
                print(f"wrote {done * CHUNK:,} records", flush=True)
    print(f"wrote {size:,} records as CSV in {time.perf_counter() - began:.0f} s", flush=True)


def write_chunk(tables: tuple[Table, Table, Table], chunk: Chunk, rows: list[VectorText]) -> None:
    if any(episode.entity_uuids for episode in chunk.episodes):
        raise ValueError("episodes that mention entities are not written by this importer")
    edges = {fact.episode_id: [fact.uuid] for fact in chunk.facts}  # `facts_record` fills them
    tables[0].write([codec.entity_props(e) for e in chunk.entities])
    tables[1].write(
        [codec.episode_props(e) | {"entity_edges": edges[e.uuid]} for e in chunk.episodes]
    )
    tables[2].write([fact_row(f, v) for f, v in zip(chunk.facts, rows, strict=True)])


def run_import(home: Path, folder: Path, memory: str) -> None:
    """Neo4j's offline importer (tools/neo4j's jars) into `home`'s database `neo4j`."""
    if not (TOOLS / "target" / "lib").is_dir():
        raise SystemExit("build the Neo4j launcher first: tools/neo4j/neo4j.sh build")
    home.mkdir(parents=True, exist_ok=True)
    command = [
        "java", "-Xmx1g", "-cp", f"{TOOLS / 'target' / 'lib'}/*", "org.neo4j.cli.AdminTool",
        "database", "import", "full", "neo4j", "--overwrite-destination=true", "--threads=2",
        f"--max-off-heap-memory={memory}", f"--report-file={folder / 'import.report'}",
        f"--nodes=Entity={folder / 'entities.csv'}",
        f"--nodes=Episodic:Episode={folder / 'episodes.csv'}",
        f"--relationships=RELATES_TO={folder / 'facts.csv'}",
    ]  # fmt: skip
    began = time.perf_counter()
    subprocess.run(command, check=True, env=os.environ | {"NEO4J_HOME": str(home)})
    print(f"imported in {time.perf_counter() - began:.0f} s", flush=True)


def make_schema(uri: str) -> None:
    """Open the store until its schema is made: constraints, indexes (populated in one pass),
    the graphiti migration; each open waits up to `INDEX_WAIT_SECONDS` for the indexes."""
    from graph.backends.neo4j.store import Neo4jStore
    from graph.domain.errors import StoreError

    began = time.perf_counter()
    while True:
        try:
            Neo4jStore(uri).close()
            break
        except StoreError as exc:
            reason = str(exc)[:120]
            print(f"indexes still populating after {time.perf_counter() - began:.0f} s ({reason})",
                  flush=True)  # fmt: skip
    print(f"schema made and indexes online in {time.perf_counter() - began:.0f} s", flush=True)


def check(size: int, uri: str, sample: int) -> None:
    """The port's reading of a sample of records equals the records the generator made."""
    from graph.backends.neo4j.store import Neo4jStore

    rng = random.Random(17)
    share = sample / size
    expected: dict[str, Fact] = {}
    episodes: dict[str, Episode] = {}
    entities: dict[str, Entity] = {}
    for chunk in chunks(size):
        for fact in chunk.facts:
            if rng.random() < share:
                expected[fact.uuid] = fact
        episodes.update((e.uuid, e) for e in chunk.episodes if rng.random() < share)
        entities.update((e.normalized, e) for e in chunk.entities if rng.random() < share)
    with closing(Neo4jStore(uri)) as store:
        got = store.read(lambda tx: tx.facts.get(GROUP, list(expected)))
        eps = store.read(lambda tx: tx.episodes.get(GROUP, list(episodes)))
        ents = store.read(lambda tx: tx.entities.get(GROUP, list(entities)))
    compare("fact", {f.uuid: f for f in got}, expected, ignore=("fact_embedding",))
    compare("episode", {e.uuid: e for e in eps}, episodes, ignore=())
    compare("entity", ents, entities, ignore=())


def compare(kind: str, got: Mapping[str, Any], expected: Mapping[str, Any],
            ignore: tuple[str, ...]) -> None:  # fmt: skip
    bad = [
        key for key, want in expected.items()
        if key not in got or got[key].model_dump(exclude=set(ignore))
        != want.model_dump(exclude=set(ignore))
    ]  # fmt: skip
    print(
        f"{kind}: {len(expected) - len(bad)} of {len(expected)} read back identically", flush=True
    )
    for key in bad[:3]:
        print(f"  {key}: stored {got.get(key)!r}\n  made   {expected[key]!r}", flush=True)
    if bad:
        raise SystemExit(1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
    parser.add_argument("size", type=int)
    parser.add_argument("home", type=Path, nargs="?", help="a stopped server's NEO4J_DATA_DIR")
    parser.add_argument("--csv", type=Path, help="where to write the CSV (default: a temp dir)")
    parser.add_argument("--keep-csv", action="store_true")
    parser.add_argument("--memory", default="2g", help="the importer's off-heap memory")
    parser.add_argument("--schema", metavar="URI", help="make the store's schema on a server")
    parser.add_argument("--check", metavar="URI", help="compare a sample read by the port")
    parser.add_argument("--sample", type=int, default=300)
    args = parser.parse_args(argv)
    if args.schema:
        make_schema(args.schema)
    if args.check:
        check(args.size, args.check, args.sample)
    if args.home is None:
        return
    folder = args.csv or Path(tempfile.mkdtemp(prefix="scaleimport-", dir=args.home.parent))
    folder.mkdir(parents=True, exist_ok=True)
    write_csv(args.size, folder)
    run_import(args.home, folder, args.memory)
    if not args.keep_csv:
        for name in FILES:
            (folder / f"{name}.csv").unlink()


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
