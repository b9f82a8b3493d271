"""The options the benchmarks share: where to store (`--backends` or `--backend`, `--neo4j-uri`)
and at which sizes (`--sizes`), each parser titled by its benchmark's first doc line."""

from __future__ import annotations

import argparse
import os
import sys

NEO4J_URI = "bolt://127.0.0.1:7687"


def parser_for(doc: str, prog: str | None = None) -> argparse.ArgumentParser:
    """A benchmark's parser, described by the first line of its module doc and named by the
    command that runs it (`python -m bench.store`, not `__main__.py`)."""
    title = doc.split("\n", maxsplit=1)[0]
    return argparse.ArgumentParser(prog=prog or _command(), description=title)


def _command() -> str | None:
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    return f"python -m {spec.name.removesuffix('.__main__')}" if spec else None


def store_options(
    parser: argparse.ArgumentParser, *, one: bool = False, default: str = "sqlite,neo4j"
) -> argparse.ArgumentParser:
    """`--backends` (a comma list; `one`: `--backend`, one of them) and `--neo4j-uri`
    (default `PALIMPSEST_NEO4J_URI`)."""
    if one:
        parser.add_argument("--backend", choices=("sqlite", "neo4j"), default=default)
    else:
        parser.add_argument("--backends", default=default)
    parser.add_argument("--neo4j-uri", default=os.environ.get("PALIMPSEST_NEO4J_URI", NEO4J_URI))
    return parser


def arguments(doc: str, sizes: str) -> argparse.ArgumentParser:
    """The options of the benchmarks measured per store size: --backends, --sizes (default
    `sizes`), --neo4j-uri."""
    parser = store_options(parser_for(doc))
    parser.add_argument("--sizes", default=sizes)
    return parser


def backends_of(args: argparse.Namespace) -> list[str]:
    return [b.strip() for b in args.backends.split(",") if b.strip()]


def sizes_of(args: argparse.Namespace) -> list[int]:
    return sorted({int(s) for s in args.sizes.split(",")})
