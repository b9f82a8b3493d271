"""The `palimpsest` command line."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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
    serve.add_argument(
        "--no-worker", action="store_true", help="do not drain asynchronous writes in this process"
    )
    worker = commands.add_parser("worker", help="drain the operation log (asynchronous writes)")
    worker.add_argument("--data-dir", type=Path, default=None, help="embedded store folder")
    worker.add_argument("--backend", choices=["sqlite", "neo4j"], default=None)
    worker.add_argument("--once", action="store_true", help="exit when the queue is empty")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            return serve(args)
        if args.command == "worker":
            return work(args)
    except PalimpsestError as exc:
        print(f"palimpsest: {exc.code}: {exc.message}", file=sys.stderr)
        return 2
    return 1


def _settings(args: argparse.Namespace) -> Any:
    from service.settings import Settings

    names = ("host", "port", "data_dir", "backend")
    overrides = {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}
    return Settings(**overrides)


def work(args: argparse.Namespace) -> int:
    from service.bootstrap import bootstrap
    from service.worker import Worker

    container = bootstrap(_settings(args))
    worker = Worker(container.writes)
    signal.signal(signal.SIGTERM, lambda *_: worker.stop())
    print(
        f"palimpsest worker {worker.name}: draining the {container.store.capabilities.name} store",
        file=sys.stderr,
        flush=True,
    )
    try:
        if args.once:
            while worker.run_once():
                pass
        else:
            worker.run()
    except KeyboardInterrupt:
        pass
    finally:
        container.close()
    return 0


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.app import create_app
    from service.bootstrap import bootstrap
    from service.worker import Worker

    settings = _settings(args)
    container = bootstrap(settings)
    worker = None if args.no_worker else Worker(container.writes)
    if worker is not None:
        worker.start_thread()
    print(
        f"palimpsest: {container.store.capabilities.name} store; "
        f"http://{settings.host}:{settings.port}/healthz",
        file=sys.stderr,
    )
    try:
        uvicorn.run(create_app(container), host=settings.host, port=settings.port, log_level="info")
    finally:
        if worker is not None:
            worker.stop()
        container.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
