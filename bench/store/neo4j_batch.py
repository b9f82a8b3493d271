"""Neo4j batch writes with and without the facts' vector index: what the index costs a batch.

Issue 17 asks for Neo4j batch writes at 1.5x the facts per second of the code it was filed
against, at equal vector recall, through the vector index's settings or deferred embedding
writes. This bounds what any setting can give: the same N messages (bench/write's, 20
tenants) through `add_batch`, extraction in-process, alternately with the index as the store
makes it and with no vector index at all (dropped after the store opened; the next open makes
it again), ROUNDS times each. Printed per round and as the median ratio: messages per second
(wall) and messages per CPU second (this process's and the server's, read from its
operating-system MBean), since on a shared machine the wall rate moves with the load. A
setting cannot make the index cheaper than absent, so the no-index rate per CPU second is the
ceiling of every variant. Run it on a small database (the test server): making the index
again after each round populates it with every vector the database holds.

Usage: python -m bench.store.neo4j_batch [--messages 2000] [--rounds 3] [--neo4j-uri bolt://...]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as bench/read: the encoder's threads

import statistics
import time

from bench.runner.options import arguments
from bench.runner.stores import drop_group, open_store
from bench.runner.synth import DIM
from bench.write.batch import batched, build_memory, messages, warm
from graph.backends.neo4j.maintenance import Neo4jMaintenance
from graph.backends.neo4j.store import vector_index_config
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store

USERS = 20
PREFIX = "nb"


def one_batch(store: Store, texts: list[str], indexed: bool) -> tuple[float, float]:
    """(messages per wall second, per CPU second) of one batch into fresh tenants."""
    probes = store.maintenance()
    assert isinstance(probes, Neo4jMaintenance)
    for i in range(USERS):
        drop_group(store, TenantScope(user_id=f"{PREFIX}{i}").group_id)
    if not indexed:
        probes.rebuild_vector_index(None)
    try:
        memory = build_memory(store)
        warm(memory)
        client, server = time.process_time(), probes.server_cpu_seconds()
        wall = batched(memory, texts, users=USERS, prefix=PREFIX)
        cpu = time.process_time() - client + probes.server_cpu_seconds() - server
    finally:
        if not indexed:
            probes.rebuild_vector_index(vector_index_config(DIM))
    return len(texts) / wall, len(texts) / cpu


def main(argv: list[str] | None = None) -> None:
    parser = arguments(__doc__, "0")
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    texts = messages(args.messages)
    ratios: dict[str, list[float]] = {"wall": [], "cpu": []}
    with open_store("neo4j", args.neo4j_uri) as store:
        one_batch(store, texts[: args.messages // 4], True)  # warm-up: the server's JIT
        for n in range(args.rounds):
            with_index = one_batch(store, texts, True)
            without = one_batch(store, texts, False)
            ratios["wall"].append(without[0] / with_index[0])
            ratios["cpu"].append(without[1] / with_index[1])
            print(
                f"neo4j round {n + 1}: with the index {with_index[0]:.1f} msg/s, "
                f"{with_index[1]:.1f} per CPU s; without {without[0]:.1f} msg/s, "
                f"{without[1]:.1f} per CPU s (load {os.getloadavg()[0]:.1f})",
                flush=True,
            )
    print(
        f"neo4j {args.messages} messages: no vector index / the store's index, median of "
        f"{args.rounds}: {statistics.median(ratios['wall']):.2f}x per wall second, "
        f"{statistics.median(ratios['cpu']):.2f}x per CPU second (the ceiling of any index "
        "setting; issue 17 asks 1.5x)",
        flush=True,
    )


if __name__ == "__main__":
    main()
