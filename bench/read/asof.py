"""As-of benchmark on dated relation chains: are facts stored intact and true over time?

Data: the `asof` set (manifest bench/data/asof.toml; make it once with `python -m
bench.data asof --mirror GIT_DIR`), a slice of the human-annotated Time-Sensitive QA set
(wenhuchen/Time-Sensitive-QA, BSD-3-Clause): people's
spouses (P26), employers (P108), political parties (P102) and sports teams (P54), each with a
start and an end year. Every observation is written as one plain sentence ("X is married to
Y.", "X works at Y.", "X is a member of Y.", "X plays for Y.") with `observation_date` at its
start year, all observations of all chains in one shuffled order.

Scores, per backend, for the real pipeline and for a baseline in the same run (the same
pipeline with the cardinality rule of relations outside the predicate table switched back to
"single only for a copular attribute", i.e. what open relations replaced):

* as-of fact query: `facts(subject=X, as_of=<year inside the interval>)` returns exactly the
  value of the latest observation that started by then (target >= 0.97); values are compared
  as `intact` compares them, a leading "the" aside (rendering drops it by design);
* search with as_of: the top-1 result of `search("X <relation words>", as_of=...)` has it
  (target >= 0.95);
* current: `facts(subject=X)` without as_of returns exactly the chain's last value (>= 0.95);
* intact: some stored version (history included) about the subject has the object exactly as
  written, a leading "the" aside (target >= 0.99).

Held out: a third of the chains (by a hash of relation and subject, `--split heldout`) are
never looked at while tuning; report them separately. `--failures` prints every miss of the
as-of query, grouped by class (not stored whole, nothing answered, several values, another
value).

Usage: python -m bench.read.asof [--backends sqlite,neo4j] [--split dev|heldout|all] [--limit 195]
[--seed 11] [--failures]
"""

from __future__ import annotations

import json
import random
import re
import tempfile
import zlib
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from bench.data.sets import dataset_path
from bench.runner.options import arguments, backends_of
from bench.runner.stores import drop_group, open_store
from graph.domain.errors import NotFound
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.settings import Settings

SENTENCES = {
    "P26": ("{s} is married to {o}.", "married spouse"),
    "P108": ("{s} works at {o}.", "works employer"),
    "P102": ("{s} is a member of {o}.", "member party"),
    "P54": ("{s} plays for {o}.", "plays team"),
}
USERS = {"baseline": "bench_asof_baseline", "open": "bench_asof"}


@dataclass(frozen=True)
class Observation:
    relation: str
    subject: str
    value: str
    start: int
    end: int

    @property
    def text(self) -> str:
        return SENTENCES[self.relation][0].format(s=self.subject, o=self.value)

    @property
    def probe(self) -> int:
        """A year inside the interval (its middle), where this value should be the answer."""
        return (self.start + max(self.start, self.end - 1) + 1) // 2


def load(
    path: Path | None = None, limit: int | None = None, split: str = "all"
) -> list[Observation]:
    """The observations of `path` (default: the cached `asof` set), one JSON object a line;
    `split`: "dev", "heldout" (a third of the chains, never tuned on) or "all"."""
    text = (path or dataset_path("asof")).read_text(encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line]
    found = [
        Observation(r["relation"], r["subject"], r["object"], r["start"], r["end"]) for r in rows
    ]
    if split != "all":
        found = [o for o in found if (split == "heldout") == held_out(o)]
    return found[:limit] if limit else found


def held_out(item: Observation) -> bool:
    """Is the observation's chain in the held-out third?"""
    return zlib.crc32(f"{item.relation}/{item.subject}".encode()) % 3 == 0


def expected(observations: list[Observation], item: Observation, year: int | None) -> str:
    """The value a single-valued relation holds at `year` (None: now): the latest start."""
    chain = [
        o
        for o in observations
        if (o.relation, o.subject) == (item.relation, item.subject)
        and (year is None or o.start <= year)
    ]
    return _plain(max(chain, key=lambda o: (o.start, o.end)).value)


def baseline_table() -> Path:
    """The packaged predicate table with the open-relation rule switched off."""
    text = resources.files("extractors").joinpath("predicates.toml").read_text("utf-8")
    for name in ("married_to", "member_of"):
        text = re.sub(rf"\[predicates\.{name}\]\n(?:[^\[].*\n|\n)*", "", text)
    text = text.replace("[open_relations]\n", '[open_relations]\nrule = "attribute_only"\n')
    path = Path(tempfile.mkdtemp(prefix="palimpsest-asof-")) / "baseline.toml"
    path.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True)
class Tenant:
    """One pipeline under test: its client and the user its observations are written as."""

    memory: Memory
    user: str


@contextmanager
def tenant_on(store: Store, table: Path | None, user: str) -> Iterator[Tenant]:
    drop_group(store, TenantScope(user_id=user).group_id)
    yield Tenant(Memory(container=bootstrap(Settings(predicate_table=table), store=store)), user)
    drop_group(store, TenantScope(user_id=user).group_id)


def write(tenant: Tenant, observations: list[Observation], seed: int) -> None:
    order = list(observations)
    random.Random(seed).shuffle(order)
    for item in order:
        tenant.memory.add(item.text, user_id=tenant.user, observation_date=f"{item.start}-01-01")


def values(tenant: Tenant, item: Observation, **when: Any) -> set[str]:
    facts = tenant.memory.facts(user_id=tenant.user, subject=item.subject, **when)["facts"]
    return {_plain(f["value"]) for f in facts if f["predicate"] != "said"}


def top_value(tenant: Tenant, item: Observation, year: int) -> str | None:
    words = SENTENCES[item.relation][1]
    found = tenant.memory.search(
        f"{item.subject} {words}", user_id=tenant.user, as_of=str(year), limit=1
    )
    results = found["results"]
    fact = results[0]["fact"] if results else None  # an episode hit carries no fact: a miss
    return _plain(fact["value"]) if fact else None


def stored(tenant: Tenant, item: Observation) -> set[str]:
    """Every value ever recorded about the subject, superseded versions included."""
    try:
        chains = tenant.memory.history(item.subject, user_id=tenant.user)["chains"]
    except NotFound:  # nothing at all was stored about the subject
        return set()
    return {_plain(v["value"]) for chain in chains for v in chain["versions"]}


def _plain(value: str) -> str:
    """Rendering drops a leading article ("the Vanemuine theatre" is stored without "the")."""
    return value.removeprefix("the ").removeprefix("The ")


def intact(tenant: Tenant, observations: list[Observation]) -> float:
    """Share of observations whose object is stored exactly as written (article aside)."""
    hits = sum(_plain(item.value) in stored(tenant, item) for item in observations)
    return hits / len(observations)


def score(memory: Tenant, observations: list[Observation]) -> dict[str, float]:
    n = len(observations)
    as_of = sum(
        values(memory, o, as_of=str(o.probe)) == {expected(observations, o, o.probe)}
        for o in observations
    )
    search = sum(
        top_value(memory, o, o.probe) == expected(observations, o, o.probe) for o in observations
    )
    chains = {(o.relation, o.subject): o for o in observations}
    current = sum(values(memory, o) == {expected(observations, o, None)} for o in chains.values())
    return {
        "as_of": as_of / n,
        "search_as_of": search / n,
        "current": current / len(chains),
        "intact": intact(memory, observations),
    }


def failures(tenant: Tenant, observations: list[Observation]) -> dict[str, list[str]]:
    """Every miss of the as-of fact query, by class."""
    out: dict[str, list[str]] = defaultdict(list)
    for o in observations:
        want = expected(observations, o, o.probe)
        got = values(tenant, o, as_of=str(o.probe))
        if got == {want}:
            continue
        if _plain(want) not in stored(tenant, o):
            kind = "not stored whole"
        elif not got:
            kind = "nothing answered"
        else:
            kind = "several values" if len(got) > 1 else "another value"
        out[kind].append(f"{o.relation} {o.subject!r} @{o.probe}: want {want!r}, got {sorted(got)}")
    return out


def print_failures(found: dict[str, list[str]]) -> None:
    for kind, misses in sorted(found.items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind}: {len(misses)}")
        for line in misses:
            print(f"    {line}")


def run(
    backend: str, uri: str, observations: list[Observation], seed: int, show: bool = False
) -> None:
    targets = {"as_of": 0.97, "search_as_of": 0.95, "current": 0.95, "intact": 0.99}
    with open_store(backend, uri) as store:
        results = {}
        for name, table in (("baseline", baseline_table()), ("open", None)):
            with tenant_on(store, table, USERS[name]) as tenant:
                write(tenant, observations, seed)
                results[name] = score(tenant, observations)
                if show and name == "open":
                    print_failures(failures(tenant, observations))
        for key, target in targets.items():
            base, new = results["baseline"][key], results["open"][key]
            print(
                f"{backend:7} {key:13} {new:.3f} (baseline {base:.3f}, target >= {target})",
                flush=True,
            )


def main() -> None:
    parser = arguments(__doc__, "0")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--split", choices=("dev", "heldout", "all"), default="all")
    parser.add_argument("--failures", action="store_true")
    args = parser.parse_args()
    observations = load(limit=args.limit or None, split=args.split)
    chains = len({(o.relation, o.subject) for o in observations})
    print(
        f"{len(observations)} dated observations in {chains} chains ({args.split}), "
        f"shuffled (seed {args.seed})"
    )
    for backend in backends_of(args):
        run(backend, args.neo4j_uri, observations, args.seed, args.failures)


if __name__ == "__main__":
    main()
