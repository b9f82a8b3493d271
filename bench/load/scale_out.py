"""Scale-out: two service processes and two `palimpsest worker` processes on one store.

Over a real store (Neo4j, or one SQLite file shared by the processes), in one run:

* clients send synchronous adds and asynchronous adds (with idempotency keys; a quarter of
  them sent again to the other service, as a client retrying would) to both services at once;
* `--rounds` times, a worker is killed with SIGKILL (preferably while it holds an operation)
  and started again; with `--restart-cmd`, the store is restarted once in the middle;
* afterwards, every write is checked against the store: each answered text is stored exactly
  once (no operation lost, none applied twice), every asynchronous operation SUCCEEDED, and
  each tenant's ledger verifies (links, covered records) with one `ingest` entry per write.

It prints the counts; a non-zero exit when an invariant fails. tests/write/test_scale_out.py
runs it at a small size on both backends; the issue's size is `--writes 200 --rounds 20`.

Usage: python -m bench.load.scale_out [--backend neo4j] [--writes 60] [--rounds 20]
       [--restart-cmd "sh -c 'tools/neo4j/neo4j.sh stop &&
       tools/neo4j/neo4j.sh start && tools/neo4j/neo4j.sh wait'"]
"""

from __future__ import annotations

import os
import random
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.runner.options import parser_for, store_options
from graph.domain.enums import OperationStatus
from graph.domain.model import Episode, LedgerEntry
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store

USERS = ("ann", "ben", "cat")
ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 600.0


@dataclass
class Report:
    """What one run did and found; `problems` is empty when every invariant held."""

    sync_sent: int = 0
    async_sent: int = 0
    resent: int = 0
    kills: int = 0
    killed_running: int = 0
    restarts: int = 0
    unavailable: int = 0  # 503s answered (and retried) while the store was restarting
    redone: int = 0  # operations applied after their first worker died (attempts > 1)
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)  # text -> tenant
    events: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def summary(self) -> dict[str, Any]:
        names = ("sync_sent", "async_sent", "resent", "kills", "killed_running", "restarts")
        out: dict[str, Any] = {n: getattr(self, n) for n in names}
        out.update(unavailable=self.unavailable, redone=self.redone, problems=self.problems)
        out["seconds"] = round(self.seconds, 1)
        return out


@dataclass
class Cluster:
    """The processes of one run: services (by URL) and workers, over one store."""

    env: dict[str, str]
    data_dir: Path
    services: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, services: int = 2, workers: int = 2) -> None:
        for _ in range(services):
            port = _free_port()
            command = ["serve", "--no-worker", "--host", "127.0.0.1", "--port", str(port)]
            self.services.append((f"http://127.0.0.1:{port}", self._spawn(command)))
        self.workers = [self._spawn(["worker"]) for _ in range(workers)]
        for url, process in self.services:
            _wait_healthy(url, process)

    def kill_worker(self, index: int) -> None:
        victim = self.workers[index]
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        self.workers[index] = self._spawn(["worker"])

    def stop(self) -> None:
        for process in [*self.workers, *(p for _, p in self.services)]:
            process.send_signal(signal.SIGTERM)
        for process in [*self.workers, *(p for _, p in self.services)]:
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _spawn(self, command: list[str]) -> subprocess.Popen[bytes]:
        full = [sys.executable, "-m", "service.cli", *command, "--data-dir", str(self.data_dir)]
        return subprocess.Popen(
            full, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )


def environment(backend: str, data_dir: Path, neo4j_uri: str) -> dict[str, str]:
    """The processes' settings: a short worker lease (a killed worker's operation is claimed
    again within seconds), the hashing embedder (no model download, fast start)."""
    env = dict(
        os.environ,
        PALIMPSEST_BACKEND=backend,
        PALIMPSEST_DATA_DIR=str(data_dir),
        PALIMPSEST_NEO4J_URI=neo4j_uri,
        PALIMPSEST_WORKER_LEASE_SECONDS="15",
        PALIMPSEST_EMBEDDER="hashing",
    )
    env["PYTHONPATH"] = str(ROOT)
    return env


def run(
    store: Store,
    cluster: Cluster,
    writes: int,
    rounds: int,
    restart: list[str] | None = None,
    seed: int = 7,
) -> Report:
    """Drive the cluster (already started) and check every invariant against `store`."""
    report, began = Report(), time.monotonic()
    urls = [url for url, _ in cluster.services]
    with ThreadPoolExecutor(4) as pool:
        jobs = [pool.submit(_one_write, urls, i, report, seed) for i in range(writes)]
        _chaos(store, cluster, report, rounds, restart, jobs)
        for job in jobs:
            job.result()
    _wait_operations(store, report)
    report.seconds = time.monotonic() - began
    check(store, report)
    return report


def _one_write(urls: list[str], index: int, report: Report, seed: int) -> None:
    rng = random.Random(seed * 100_003 + index)
    user = USERS[index % len(USERS)]
    text = f"Note {index}: I like {rng.choice(WORDS)} number {index}"
    asynchronous = index % 3 != 0
    body: dict[str, Any] = {"messages": text, "user_id": user}
    if asynchronous:
        body["idempotency_key"] = f"scale-out-{seed}-{index}"
    first = urls[index % len(urls)]
    answer = _post(first, body, asynchronous, report)
    with report.lock:
        report.texts[text] = user
        report.sync_sent += 0 if asynchronous else 1
        report.async_sent += 1 if asynchronous else 0
    if not asynchronous:
        return
    event = str(answer["event_id"])
    if index % 4 == 1:  # a client retrying on the other service: the same operation comes back
        again = _post(urls[(index + 1) % len(urls)], body, True, report)
        if again["event_id"] != event:
            report.problems.append(f"write {index}: a retried key made a second operation")
        report.resent += 1
    with report.lock:
        report.events.add(event)


def _post(url: str, body: dict[str, Any], asynchronous: bool, report: Report) -> Any:
    """POST until answered (a 503 while the store restarts is retried; anything else >= 400
    is a problem)."""
    params = {"mode": "async"} if asynchronous else {}
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            answer = httpx.post(f"{url}/v1/memories", params=params, json=body, timeout=120)
        except httpx.TransportError as exc:
            raise AssertionError(f"dropped connection: {exc!r}") from exc
        if answer.status_code != 503 or time.monotonic() > deadline:
            break
        with report.lock:
            report.unavailable += 1
        time.sleep(float(answer.headers.get("Retry-After", "1")))
    if answer.status_code not in (200, 202):
        raise AssertionError(f"{answer.status_code}: {answer.text[:300]}")
    return answer.json()


def _chaos(
    store: Store,
    cluster: Cluster,
    report: Report,
    rounds: int,
    restart: list[str] | None,
    jobs: list[Any],
) -> None:
    """Kill a worker `rounds` times while writes flow (preferably holding an operation);
    restart the store once halfway when a command for it is given."""
    for number in range(rounds):
        if restart and number == rounds // 2:
            subprocess.run(restart, check=True, timeout=300)
            report.restarts += 1
        report.killed_running += _kill_when_running(store, cluster, number % len(cluster.workers))
        report.kills += 1
        if all(job.done() for job in jobs) and not _pending(store, report):
            time.sleep(0.5)  # the queue drained early: the later kills hit idle workers


def _kill_when_running(store: Store, cluster: Cluster, index: int) -> int:
    deadline = time.monotonic() + 5
    running = 0
    while time.monotonic() < deadline and not running:
        running = store.read(lambda tx: tx.operations.waiting()).get("RUNNING", 0)
        time.sleep(0.01)
    cluster.kill_worker(index)
    return 1 if running else 0


def _pending(store: Store, report: Report) -> bool:
    with report.lock:
        events = list(report.events)
    operations = store.read(lambda tx: [tx.operations.get(e) for e in events])
    return any(op is None or op.status is not OperationStatus.SUCCEEDED for op in operations)


def _wait_operations(store: Store, report: Report, seconds: float = START_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while _pending(store, report):
        if time.monotonic() > deadline:
            report.problems.append("operations still waiting at the deadline")
            return
        time.sleep(0.2)


def check(store: Store, report: Report) -> None:
    """Every text once, every operation SUCCEEDED, each ledger verifies with one `ingest`
    entry per write."""
    for event in report.events:
        operation = store.read(lambda tx: tx.operations.get(event))  # noqa: B023
        if operation is None or operation.status is not OperationStatus.SUCCEEDED:
            report.problems.append(f"operation {event}: {operation and operation.status}")
        elif operation.attempts > 1:
            report.redone += 1
    for user in USERS:
        _check_tenant(store, report, user)


def _check_tenant(store: Store, report: Report, user: str) -> None:
    group = TenantScope(user_id=user).group_id
    records = list(store.export(group))
    stored = Counter(r.content for r in records if isinstance(r, Episode))
    sent = {text for text, owner in report.texts.items() if owner == user}
    lost = sorted(sent - set(stored))
    twice = sorted(text for text, count in stored.items() if count > 1)
    if lost:
        report.problems.append(f"{user}: {len(lost)} answered writes lost, e.g. {lost[0]!r}")
    if twice:
        report.problems.append(f"{user}: {len(twice)} writes applied twice, e.g. {twice[0]!r}")
    ingests = [r for r in records if isinstance(r, LedgerEntry) and r.action == "ingest"]
    if len(ingests) != len(sent):
        report.problems.append(f"{user}: {len(ingests)} ingest entries for {len(sent)} writes")
    verdict = store.verify_ledger(group)
    if not verdict.ok:
        report.problems.append(f"{user}: ledger does not verify: {verdict.reason}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_healthy(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"service at {url} exited with {process.returncode}")
        try:
            if httpx.get(f"{url}/healthz", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"service at {url} did not start in {START_SECONDS} s")


WORDS = ["tea", "jazz", "chess", "sushi", "opera", "tango", "haiku", "pottery", "sailing"]


def _open(backend: str, uri: str, data: Path) -> Store:
    """The store the processes share; on Neo4j, this benchmark's tenants dropped first."""
    if backend == "sqlite":
        from graph.backends.sqlite import SqliteStore

        return SqliteStore(data / "palimpsest.db")
    from graph.backends.neo4j.store import Neo4jStore

    store = Neo4jStore(uri, password=os.environ.get("PALIMPSEST_NEO4J_PASSWORD"))
    for user in USERS:
        store.maintenance().drop_group(TenantScope(user_id=user).group_id)
    return store


def main() -> int:
    parser = store_options(parser_for(__doc__), one=True, default="neo4j")
    parser.add_argument("--writes", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--restart-cmd", default=None, help="restarts the store once, halfway")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="palimpsest-scale-") as folder:
        data = Path(folder)
        store = _open(args.backend, args.neo4j_uri, data)
        cluster = Cluster(environment(args.backend, data, args.neo4j_uri), data)
        cluster.start()
        try:
            restart = shlex.split(args.restart_cmd) if args.restart_cmd else None
            report = run(store, cluster, args.writes, args.rounds, restart)
        finally:
            cluster.stop()
            store.close()
    print(report.summary(), flush=True)
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
