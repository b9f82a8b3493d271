"""Warm before ready: the first minute of searches on a fresh Neo4j, against the warm p95.

A fresh Neo4j parses, plans and compiles every query the first time it sees it, and its JVM
compiles the operators over the first calls: measured through REST at 2,000 facts, the first
minutes of searches ran 7-14x slower than the embedded store's. `palimpsest serve` now asks
every read once of an empty tenant before `/readyz` says ready (service/runtime/warmup.py); this
prints, in one run, for a service started with and without that warm-up on a Neo4j started
cold each time:

* the p95 of the searches of the first minute after `/readyz` answered (one client, each
  question of a fixed list in turn);
* the warm p95: the same questions after `--warm` more searches;
* their ratio (target <= 1.5 with the warm-up), and how long `/readyz` took.

    python -m bench.store.warmup [--facts 2000] [--seconds 60] [--warm 150]

It starts its own Neo4j (tools/neo4j, a run folder of its own under the bench data cache, on a
free port) and its own `palimpsest serve` processes; nothing else on the machine is touched.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.data.sets import cache_dir
from bench.runner.timing import percentile

ROOT = Path(__file__).resolve().parents[2]
NEO4J = ROOT / "tools" / "neo4j" / "neo4j.sh"
USER = "warm-bench"
CITIES = ["Oslo", "Rome", "Lima", "Kyoto", "Porto", "Quito", "Dakar", "Hanoi", "Perth", "Cairo"]
ORGS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne"]
LIKES = ["tea", "jazz", "chess", "sushi", "opera", "tango", "haiku", "pottery", "rowing"]
QUESTIONS = [
    "where does person 17 live?",
    "who works at Globex",
    "which people like chess",
    "person 512 works where",
    "who lived in Kyoto in 2024",
    "does anyone like pottery",
    "谁住在奥斯陆",
    "what does person 1203 like",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Neo4jServer:
    folder: Path
    port: int

    def _run(self, verb: str) -> None:
        env = {**os.environ, "NEO4J_RUN_DIR": str(self.folder), "NEO4J_PORT": str(self.port)}
        subprocess.run([str(NEO4J), verb], env=env, check=True, capture_output=True)

    def start(self) -> None:
        self._run("start")
        self._run("wait")

    def stop(self) -> None:
        self._run("stop")

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"


def sentences(count: int) -> Iterator[dict[str, str]]:
    rng = random.Random(7)
    for n in range(count):
        person = f"Person {n // 3}"
        text = (
            f"{person} lives in {rng.choice(CITIES)}.",
            f"{person} works at {rng.choice(ORGS)}.",
            f"{person} likes {rng.choice(LIKES)}.",
        )[n % 3]
        observed = f"{2022 + n % 4}-0{1 + n % 9}-1{n % 9}"
        yield {"messages": text, "user_id": USER, "observation_date": observed}


def populate(server: Neo4jServer, facts: int) -> None:
    from service.clients.memory import Memory

    with tempfile.TemporaryDirectory() as folder:
        memory = Memory(backend="neo4j", neo4j_uri=server.uri, data_dir=Path(folder))
        try:
            items = list(sentences(facts))
            for start in range(0, len(items), 200):
                memory.add_batch(items[start : start + 200])
        finally:
            memory.close()


@contextmanager
def service(server: Neo4jServer, warm: bool) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "PALIMPSEST_BACKEND": "neo4j",
        "PALIMPSEST_NEO4J_URI": server.uri,
        "PALIMPSEST_WARM_QUERIES": "true" if warm else "false",
        "PALIMPSEST_EXTRACT_WORKERS": "1",
    }
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable,
            "-m",
            "service.cli",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            folder,
            "--no-worker",
        ]
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(30)


def wait_ready(client: httpx.Client, base: str) -> float:
    started = time.monotonic()
    while time.monotonic() - started < 900:
        try:
            if client.get(f"{base}/readyz").status_code == 200:
                return time.monotonic() - started
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    raise SystemExit("the service did not become ready in 15 minutes")


def searches(client: httpx.Client, base: str, *, seconds: float, count: int) -> list[float]:
    took: list[float] = []
    started = time.monotonic()
    while time.monotonic() - started < seconds and len(took) < count:
        question = QUESTIONS[len(took) % len(QUESTIONS)]
        began = time.perf_counter()
        answer = client.get(f"{base}/v1/search", params={"q": question, "user_id": USER})
        took.append((time.perf_counter() - began) * 1000)
        answer.raise_for_status()
    return took


def measure(server: Neo4jServer, warm: bool, args: argparse.Namespace) -> dict[str, float]:
    server.stop()
    server.start()  # a cold JVM: nothing planned or compiled yet
    with service(server, warm) as base, httpx.Client(timeout=120) as client:
        ready = wait_ready(client, base)
        first = searches(client, base, seconds=args.seconds, count=10**9)
        searches(client, base, seconds=3600, count=args.warm)
        later = searches(client, base, seconds=3600, count=100)
    return {
        "ready_s": ready,
        "first_n": len(first),
        "first_mean": sum(first) / len(first),
        "first_max": max(first),
        "first_p95": percentile(first, 0.95),
        "warm_p95": percentile(later, 0.95),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--facts", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warm", type=int, default=150)
    args = parser.parse_args()
    server = Neo4jServer(cache_dir() / "warmup-neo4j", free_port())
    server.folder.mkdir(parents=True, exist_ok=True)
    print(f"load {os.getloadavg()[0]:.1f}; Neo4j on port {server.port}", flush=True)
    server.start()
    try:
        print(f"writing {args.facts} statements ...", flush=True)
        populate(server, args.facts)
        print(
            "| warm-up | /readyz after s | searches in first minute | first-minute mean / max "
            "ms | first-minute p95 ms | warm p95 ms | ratio |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for warm in (False, True):
            row = measure(server, warm, args)
            ratio = row["first_p95"] / row["warm_p95"]
            print(
                f"| {'on' if warm else 'off'} | {row['ready_s']:.0f} | {row['first_n']:.0f} | "
                f"{row['first_mean']:.1f} / {row['first_max']:.0f} | {row['first_p95']:.1f} | "
                f"{row['warm_p95']:.1f} | {ratio:.2f} |",
                flush=True,
            )
    finally:
        server.stop()
        subprocess.run(["rm", "-rf", str(server.folder)], check=False)
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
