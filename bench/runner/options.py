"""The options every benchmark takes."""

from __future__ import annotations

import argparse
import os


def arguments(doc: str, sizes: str) -> argparse.ArgumentParser:
    """The options every benchmark takes: --backends, --sizes (default `sizes`), --neo4j-uri."""
    parser = argparse.ArgumentParser(description=doc.split("\n", maxsplit=1)[0])
    parser.add_argument("--backends", default="sqlite,neo4j")
    parser.add_argument("--sizes", default=sizes)
    parser.add_argument(
        "--neo4j-uri", default=os.environ.get("PALIMPSEST_NEO4J_URI", "bolt://127.0.0.1:7687")
    )
    return parser


def backends_of(args: argparse.Namespace) -> list[str]:
    return [b.strip() for b in args.backends.split(",") if b.strip()]


def sizes_of(args: argparse.Namespace) -> list[int]:
    return sorted({int(s) for s in args.sizes.split(",")})
