"""The `palimpsest` command line."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graph.domain.errors import InvalidInput, PalimpsestError
from service.version import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="palimpsest",
        description="Bitemporal graph memory for AI agents (embedded SQLite store by default).",
    )
    parser.add_argument("--version", action="version", version=f"palimpsest {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="start the HTTP API on the configured store")
    serve.add_argument("--host", default=None, help="interface to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default 8000)")
    serve.add_argument("--data-dir", type=Path, default=None, help="embedded store folder")
    serve.add_argument("--backend", choices=["sqlite", "neo4j"], default=None)
    serve.add_argument(
        "--no-worker", action="store_true", help="do not drain asynchronous writes in this process"
    )
    serve.add_argument("--log-format", choices=["text", "json"], default=None, help="default: text")
    worker = commands.add_parser("worker", help="drain the operation log (asynchronous writes)")
    worker.add_argument("--data-dir", type=Path, default=None, help="embedded store folder")
    worker.add_argument("--backend", choices=["sqlite", "neo4j"], default=None)
    worker.add_argument("--once", action="store_true", help="exit when the queue is empty")
    imp = commands.add_parser(
        "import",
        help="load a transcript or JSON Lines file, or a graphiti-core graph, with progress",
    )
    imp.add_argument("file", type=Path, nargs="?", help="transcript or JSON Lines file")
    imp.add_argument(
        "--from-neo4j",
        default=None,
        metavar="URI",
        help="migrate the graph graphiti-core wrote at this Bolt address (needs --group-id; "
        "the password, if any, from PALIMPSEST_SOURCE_NEO4J_PASSWORD)",
    )
    imp.add_argument("--group-id", default=None, help="the graphiti group id to migrate")
    imp.add_argument("--source-user", default="neo4j", help="user of the graphiti Neo4j")
    imp.add_argument("--source-database", default="neo4j", help="database of the graphiti Neo4j")
    imp.add_argument(
        "--user-id",
        default=None,
        help="tenant of items that name none; for --from-neo4j, the tenant (default: the group id)",
    )
    imp.add_argument(
        "--as-user",
        default=None,
        help="restore an export as this user instead of the file's (--user-id): new ids, the "
        "user's own entity renamed, a fresh ledger naming the file's head",
    )
    imp.add_argument("--agent-id", default=None)
    imp.add_argument("--project", default=None)
    imp.add_argument("--source", default=None, help="default: the file name")
    imp.add_argument("--no-infer", action="store_true", help="store turns verbatim")
    _store_options(imp)
    _export_parser(commands)
    _ledger_parser(commands)
    group = commands.add_parser(
        "group-id", help="print a tenant's group_id, as graphiti-core and Neo4j see it"
    )
    group.add_argument("--user-id", default=None)
    group.add_argument("--agent-id", default=None)
    group.add_argument("--run-id", default=None)
    _mcp_parser(commands)
    again = commands.add_parser(
        "reprocess",
        help="re-extract stored episodes under the current rules (old records are kept, outdated)",
    )
    again.add_argument("--user-id", required=True)
    again.add_argument("--source", default=None, help="only this source's episodes")
    again.add_argument(
        "--since-version",
        default=None,
        help="reprocess records made under any other version than this one "
        "(default: the current versions); 'all' for every selected episode",
    )
    again.add_argument("--dry-run", action="store_true", help="report, change nothing")
    _store_options(again)
    return parser


def _export_parser(commands: Any) -> None:
    out = commands.add_parser(
        "export",
        help="write a tenant as JSON Lines (streaming); `palimpsest import` restores it",
    )
    out.add_argument("--user-id", required=True)
    out.add_argument("--output", type=Path, default=None, help="default: standard output")
    _store_options(out)


def _ledger_parser(commands: Any) -> None:
    ledger = commands.add_parser(
        "ledger",
        help="verify a tenant's ledger and the records it covers, or print its head",
        description="`verify` walks the hash chain and recomputes the digest of every fact "
        "and episode it covers (exit 1 when something does not verify); `head` prints "
        "`length:hash` to keep outside the store and pass back with --expect-head.",
    )
    ledger.add_argument("action", choices=["verify", "head"])
    ledger.add_argument("--user-id", required=True)
    ledger.add_argument("--agent-id", default=None)
    ledger.add_argument("--run-id", default=None)
    ledger.add_argument(
        "--expect-head", default=None, metavar="LENGTH:HASH", help="a head printed earlier"
    )
    _store_options(ledger)


def _mcp_parser(commands: Any) -> None:
    mcp = commands.add_parser(
        "mcp",
        help="serve the Model Context Protocol over stdio (memory tools for an agent)",
        description="On the configured store in this process, or in front of a running "
        "service with --url (its API key from PALIMPSEST_API_KEY). See docs/mcp.md.",
    )
    mcp.add_argument("--url", default=None, help="a running service, e.g. http://host:8000")
    mcp.add_argument("--user-id", default=None, help="the tenant of calls that name none")
    _store_options(mcp)


def _store_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--data-dir", type=Path, default=None, help="embedded store folder")
    sub.add_argument("--backend", choices=["sqlite", "neo4j"], default=None)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            return serve(args)
        if args.command == "worker":
            return work(args)
        if args.command == "import":
            return load(args)
        if args.command == "reprocess":
            return reprocess(args)
        if args.command == "group-id":
            return group_id(args)
        if args.command == "mcp":
            return serve_mcp(args)
        if args.command == "export":
            return export(args)
        if args.command == "ledger":
            return ledger(args)
    except PalimpsestError as exc:
        print(f"palimpsest: {exc.code}: {exc.message}", file=sys.stderr)
        return 2
    return 1


def _settings(args: argparse.Namespace) -> Any:
    from service.settings import Settings

    names = ("host", "port", "data_dir", "backend", "log_format")
    overrides = {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}
    return Settings(**overrides)


def load(args: argparse.Namespace) -> int:
    from service.bootstrap import bootstrap
    from service.tenancy.importer import ImportDefaults, bar, read_items, run_import

    if args.from_neo4j is not None:
        return migrate(args)
    if args.file is None:
        raise InvalidInput("name a FILE to import, or --from-neo4j URI", field="file")
    from service.clients.transfer import is_export_file, restore_file

    if is_export_file(args.file):
        return restore_file(args, _settings(args))
    if args.as_user:
        raise InvalidInput("--as-user restores an export file; this is not one", field="as_user")
    defaults = ImportDefaults(
        args.user_id, args.agent_id, args.project, args.source or args.file.name, not args.no_infer
    )
    items = read_items(args.file, defaults)
    container = bootstrap(_settings(args))
    try:
        counts = run_import(
            container.writes, items, chunk=container.settings.chunk_size, progress=bar()
        )
    finally:
        container.close()
    print(json.dumps(counts.counts()), flush=True)
    return 1 if counts.errors else 0


def group_id(args: argparse.Namespace) -> int:
    from graph.domain.tenancy import TenantScope

    print(TenantScope(args.user_id, args.agent_id, args.run_id).group_id, flush=True)
    return 0


def migrate(args: argparse.Namespace) -> int:
    """`import --from-neo4j`: a graphiti-core graph into one tenant (docs/graphiti.md)."""
    if not args.group_id:
        raise InvalidInput("--from-neo4j needs --group-id", field="group_id")
    try:
        from service.graphiti.migrate import import_graphiti
        from service.graphiti.source import GraphitiSource, read_graph
    except ImportError as exc:
        raise InvalidInput(
            f"graphiti-core is not installed ({exc}): pip install 'palimpsest-memory[graphiti]'"
        ) from None
    from graph.domain.tenancy import TenantScope
    from service.bootstrap import bootstrap
    from service.tenancy.importer import bar

    source = GraphitiSource(
        args.from_neo4j,
        args.group_id,
        user=args.source_user,
        password=os.environ.get("PALIMPSEST_SOURCE_NEO4J_PASSWORD") or None,
        database=args.source_database,
    )
    scope = TenantScope(user_id=args.user_id or args.group_id)
    graph = read_graph(source)
    container = bootstrap(_settings(args))
    try:
        report = import_graphiti(
            container, graph, source, scope, chunk=container.settings.chunk_size, progress=bar()
        )
    finally:
        container.close()
    print(json.dumps({"group_id": scope.group_id, **report.model_dump(mode="json")}), flush=True)
    return 0


def export(args: argparse.Namespace) -> int:
    from service.clients.transfer import export as export_tenant

    return export_tenant(args, _settings(args))


def ledger(args: argparse.Namespace) -> int:
    from service.clients.memory import Memory

    with Memory(_settings(args)) as memory:
        verdict = memory.verify_ledger(
            user_id=args.user_id,
            agent_id=args.agent_id,
            run_id=args.run_id,
            expect_head=args.expect_head,
        )
    print(verdict.head if args.action == "head" else verdict.model_dump_json(), flush=True)
    return 0 if verdict.ok else 1


def serve_mcp(args: argparse.Namespace) -> int:
    """`palimpsest mcp`: stdio until the agent closes it. Logs go to stderr (stdout is the
    protocol)."""
    from service.agent.server import remote_server, stdio_server
    from service.http.logs import quiet_http_clients

    quiet_http_clients()  # the client's URLs carry search text and ids
    if args.url:
        key = os.environ.get("PALIMPSEST_API_KEY") or None
        remote_server(args.url, key, args.user_id).run("stdio")
        return 0
    from contextlib import redirect_stdout

    from service.clients.memory import Memory

    with redirect_stdout(sys.stderr):  # a model that prints while loading must not break stdio
        memory = Memory(_settings(args))
    with memory:
        stdio_server(memory, args.user_id).run("stdio")
    return 0


def reprocess(args: argparse.Namespace) -> int:
    from graph.domain.tenancy import TenantScope
    from service.bootstrap import bootstrap

    container = bootstrap(_settings(args))
    only_stale = args.since_version != "all"
    try:
        report = container.tenancy.reprocess(
            TenantScope(user_id=args.user_id),
            source=args.source,
            only_stale=only_stale,
            dry_run=args.dry_run,
            since_version=None if not only_stale else args.since_version,
            progress=lambda done, total: print(
                f"\rreprocessing {done}/{total} episodes", end="", file=sys.stderr, flush=True
            ),
        )
    finally:
        container.close()
    print(file=sys.stderr)
    print(json.dumps(report.model_dump()), flush=True)
    return 0


def work(args: argparse.Namespace) -> int:
    from service.bootstrap import bootstrap
    from service.runtime.worker import Worker

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

    from service.bootstrap import bootstrap
    from service.clients.memory import Memory
    from service.http.app import create_app
    from service.http.auth import parse_keys
    from service.http.observe import configure_logging
    from service.runtime.warmup import Warmup, query_steps
    from service.runtime.worker import Worker
    from service.write.warm import model_steps

    settings = _settings(args)
    if settings.api_keys is not None:  # a malformed key map stops start-up, before any model loads
        parse_keys(settings.api_keys.get_secret_value())
    configure_logging(settings.log_format)
    warning = settings.open_bind_warning()
    if warning is not None:
        print(warning, file=sys.stderr, flush=True)
    container = bootstrap(settings)
    steps = model_steps(container.embedder, container.extractor, container.clock.now())
    if container.writes.pool is not None:
        steps.append(container.writes.pool.warm)  # the extraction processes load theirs too
    if settings.warm_queries:
        steps.extend(query_steps(Memory(container=container)))
    warmup = Warmup(steps)
    warmup.start()  # /readyz says "warming" until the models and queries answered once
    worker = None if args.no_worker else Worker(container.writes)
    if worker is not None:
        worker.start_thread()
    print(
        f"palimpsest: {container.store.capabilities.name} store; "
        f"http://{settings.host}:{settings.port}/healthz",
        file=sys.stderr,
    )
    try:
        app = create_app(container, worker, warmup)
        uvicorn.run(app, host=settings.host, port=settings.port, log_config=None)
    finally:
        if worker is not None:
            worker.stop()
        container.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
