"""The `palimpsest` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from graph.domain.errors import PalimpsestError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="palimpsest",
        description="Bitemporal graph memory for AI agents (embedded SQLite store by default).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="start the HTTP API on the configured store")
    serve.add_argument("--host", default=None, help="interface to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default 8000)")
    serve.add_argument("--data-dir", type=Path, default=None, help="embedded store folder")
    serve.add_argument("--backend", choices=["sqlite", "neo4j"], default=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            return serve(args)
    except PalimpsestError as exc:
        print(f"palimpsest: {exc.code}: {exc.message}", file=sys.stderr)
        return 2
    return 1


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.app import create_app
    from service.bootstrap import bootstrap
    from service.settings import Settings

    overrides = {
        key: value
        for key, value in (
            ("host", args.host),
            ("port", args.port),
            ("data_dir", args.data_dir),
            ("backend", args.backend),
        )
        if value is not None
    }
    settings = Settings(**overrides)
    container = bootstrap(settings)
    print(
        f"palimpsest: {container.store.capabilities.name} store; "
        f"http://{settings.host}:{settings.port}/healthz",
        file=sys.stderr,
    )
    try:
        uvicorn.run(create_app(container), host=settings.host, port=settings.port, log_level="info")
    finally:
        container.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
