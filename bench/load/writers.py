"""Load benchmark: concurrent HTTP clients against a live service on loopback.

Per backend, in one run, over a real uvicorn server on 127.0.0.1 (nothing leaves the machine):

* single writer: `--writes` synchronous adds by one client (its p95 is the baseline);
* concurrent writers: `--clients` clients x `--writes` adds each; p95 beside the queueing bound
  (clients / cores x the single-writer p95: what serialising the writes on these cores costs)
  and their ratio (target <= 1.5);
* mixed: `--clients` clients for `--requests` requests each, a third writes, a third fact
  queries, a third searches; throughput, p50/p95/p99 and errors.

`--phases writers` runs only the first two (the issue's "8 writers x 100 writes" on the
embedded store: a file-backed SQLite with `synchronous=FULL`, the default), and after each
writer phase prints where a write's time went per stage: the stages outside the store's write
lock (parse, notary, extract, plan, embed: they run concurrently) and inside it (align,
persist, ledger: one writer at a time), so a ratio above the bound can be told apart from
lock waits.

Every phase is bounded by its request count and by `--seconds`. Errors are transport errors
and answers >= 500 (a 4xx would be a bug in this benchmark's requests, counted too).

Usage: python -m bench.load [--backends sqlite,neo4j] [--clients 8] [--writes 100]
       [--requests 100] [--seconds 600] [--phases all|writers]
"""

from __future__ import annotations

import logging
import os
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field

import httpx
import uvicorn

from bench.runner.options import arguments, backends_of
from bench.runner.stores import open_store
from bench.runner.timing import percentile
from graph.ports.store import Store
from service.bootstrap import Container, bootstrap
from service.http.app import create_app
from service.settings import Settings
from service.write.planner import Timings

LOCKED = ("align", "persist", "ledger")  # the stages run inside the store's write transaction
WRAPPING = ("store", "store_cpu")
"""Stages that contain others (the whole transaction, in wall and in CPU seconds): never
summed with the stages inside them (service/write/pipeline.py)."""
CITIES = ["Oslo", "Rome", "Lima", "Kyoto", "Porto", "Quito", "Dakar", "Hanoi", "Perth"]
LIKES = ["tea", "jazz", "chess", "sushi", "opera", "tango", "haiku", "pottery"]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, ok: bool) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.errors += 0 if ok else 1


@contextmanager
def serving(store: Store) -> Iterator[tuple[str, Container]]:
    """The service over `store` on 127.0.0.1:<free port>, models warmed; yields its URL and
    its container (whose write timings the writer phases read)."""
    container = bootstrap(Settings(), store=store)
    container.writes.add({"messages": "warm up: I like tea. 我喜欢茶。", "user_id": "warmup"})
    sock = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(container), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", container
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        sock.close()


def one_request(client: httpx.Client, kind: str, user: str, rng: random.Random) -> bool:
    if kind == "write":
        text = f"I live in {rng.choice(CITIES)} and I like {rng.choice(LIKES)}"
        answer = client.post("/v1/memories", json={"messages": text, "user_id": user})
    elif kind == "facts":
        answer = client.get("/v1/facts", params={"user_id": user})
    else:
        answer = client.get("/v1/search", params={"user_id": user, "q": rng.choice(LIKES)})
    return answer.status_code < 400


def client_loop(
    base: str,
    user: str,
    kinds: Callable[[random.Random], str],
    count: int,
    deadline: float,
    tally: Tally,
) -> None:
    rng = random.Random(user)
    with httpx.Client(base_url=base, timeout=120) as client:
        for _ in range(count):
            if time.monotonic() > deadline:
                return
            kind = kinds(rng)
            began = time.perf_counter()
            try:
                ok = one_request(client, kind, user, rng)
            except httpx.HTTPError:
                ok = False
            tally.add(time.perf_counter() - began, ok)


def phase(
    base: str,
    clients: int,
    count: int,
    seconds: float,
    kinds: Callable[[random.Random], str],
    tag: str,
) -> tuple[Tally, float]:
    tally, deadline = Tally(), time.monotonic() + seconds
    began = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        runs = [
            pool.submit(client_loop, base, f"load-{tag}-{n}", kinds, count, deadline, tally)
            for n in range(clients)
        ]
        for run in runs:
            run.result()
    return tally, time.perf_counter() - began


def line(backend: str, name: str, tally: Tally, elapsed: float) -> str:
    ms = [s * 1000 for s in tally.latencies] or [0.0]
    return (
        f"{backend:7} {name:22} {len(tally.latencies):5} requests, "
        f"{len(tally.latencies) / elapsed:6.1f} req/s, p50 {percentile(ms, 50):7.1f} ms, "
        f"p95 {percentile(ms, 95):7.1f} ms, p99 {percentile(ms, 99):7.1f} ms, "
        f"errors {tally.errors}"
    )


def stages_line(backend: str, timings: Timings, tally: Tally) -> str:
    """Mean ms per write by stage; then the latency split without overlaps: before the write
    transaction (parse, notary, extract, plan, embed), the transaction (`store`: the stages
    inside the write lock, and the rest of it: waiting for the lock, begin and commit), and
    what is left of the mean latency (HTTP, queueing for a worker thread, the GIL)."""
    writes = max(len(tally.latencies), 1)
    per = {name: 1000 * value / writes for name, value in dict(timings.seconds).items()}
    before = sum(v for k, v in per.items() if k not in LOCKED and k not in WRAPPING)
    inside = sum(per.get(k, 0.0) for k in LOCKED)
    transaction = max(per.get("store", 0.0), inside)
    rest = 1000 * sum(tally.latencies) / writes - before - transaction
    parts = ", ".join(f"{k} {v:.1f}" for k, v in sorted(per.items(), key=lambda kv: -kv[1]))
    return (
        f"{backend:7}   ms/write by stage: {parts}; before the transaction {before:.1f}, "
        f"transaction {transaction:.1f} (inside the write lock {inside:.1f}, waiting for it "
        f"and commit {transaction - inside:.1f}), HTTP and queueing {rest:.1f}"
    )


def writer_phases(
    backend: str, base: str, timings: Timings, clients: int, writes: int, seconds: float
) -> int:
    """One writer, then `clients` writers; their p95 ratio to the queueing bound; errors."""
    cores = os.cpu_count() or 1
    timings.seconds.clear()
    single, took = phase(base, 1, writes, seconds, lambda _: "write", f"{backend}-one")
    print(line(backend, "single writer", single, took), flush=True)
    print(stages_line(backend, timings, single), flush=True)
    timings.seconds.clear()
    many, took = phase(base, clients, writes, seconds, lambda _: "write", f"{backend}-w")
    print(line(backend, f"{clients} writers", many, took), flush=True)
    print(stages_line(backend, timings, many), flush=True)
    bound = clients / cores * percentile(single.latencies, 95)
    ratio = percentile(many.latencies, 95) / bound
    errors = single.errors + many.errors
    print(
        f"{backend:7} write p95 / queueing bound ({clients} writers / {cores} cores x "
        f"single p95 = {bound * 1000:.1f} ms): {ratio:.2f} (target <= 1.5), errors {errors}",
        flush=True,
    )
    return errors


def run(
    backend: str,
    uri: str,
    clients: int,
    writes: int,
    requests: int,
    seconds: float,
    phases: str = "all",
) -> int:
    """The phases on one backend; the number of errors."""
    with open_store(backend, uri) as store, serving(store) as (base, container):
        timings = container.writes.timings
        errors = writer_phases(backend, base, timings, clients, writes, seconds)
        if phases == "writers":
            return errors
        mixed, took = phase(
            base, clients, requests, seconds,
            lambda rng: rng.choice(("write", "facts", "search")), f"{backend}-m",
        )  # fmt: skip
        print(line(backend, "mixed", mixed, took), flush=True)
        return errors + mixed.errors


def main() -> None:
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request otherwise
    parser = arguments(__doc__, "0")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--writes", type=int, default=100)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--phases", choices=("all", "writers"), default="all")
    args = parser.parse_args()
    errors = sum(
        run(
            b,
            args.neo4j_uri,
            args.clients,
            args.writes,
            args.requests,
            args.seconds,
            args.phases,
        )
        for b in backends_of(args)
    )
    raise SystemExit(1 if errors else 0)
