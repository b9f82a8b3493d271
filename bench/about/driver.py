"""Extract every turn of some dialogues with whatever `extractors` package is importable.

    PYTHONPATH=<tree> python bench/about/driver.py DIALOGUES.json > FACTS.json

Run by bench/about once for this tree and once for an older one (`--before`), each in its
own process, so both are measured the same way. Reads `{"data": [{"title", "turns": [{"text"}]}]}`
and writes `{"cpu": seconds of extraction, "turns": n, "facts": [[[subject, predicate, value,
polarity, category], ...] per turn] per dialogue}`. The models are loaded and warmed before the
clock starts, and the heap they leave is settled as the service settles it after its
warm-up (`gc.freeze`, service/write/warm.py). A tree whose `Job` knows a `conversation` reads
each dialogue as one conversation (the discourse state carried from turn to turn; a CMU_DoG
conversation starts with its film under discussion, as its parties were shown it); an older
one reads every turn alone, which is all it could do. Imports only `extractors` (and the
standard library), which every tree has.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from datetime import UTC, datetime
from typing import Any

REFERENCE = datetime(2024, 1, 1, 12, 0, tzinfo=UTC)


def _jobs(schema: Any, dialogue: dict[str, Any]) -> list[Any]:
    fields = getattr(schema.Job, "_fields", ())
    if "conversation" in fields:
        jobs = [
            schema.Job(t["text"], REFERENCE, conversation=dialogue["title"])
            for t in dialogue["turns"]
        ]
        if jobs and dialogue.get("movie"):
            jobs[0] = jobs[0]._replace(context=_shown(dialogue["movie"]))
        return jobs
    return [schema.Job(t["text"], REFERENCE) for t in dialogue["turns"]]


def _shown(movie: str) -> Any:
    """CMU_DoG's parties were shown the film's name before they talked: the conversation
    starts with it under discussion (a tree that keeps no discourse cannot be told)."""
    from graph.domain.discourse import Discourse, Referent

    return Discourse(referents=(Referent(name=movie, kind="work", noun="film"),))


def _wait_for_counting() -> None:
    """Under `bench.about --instructions` (callgrind, counting off at the start): say the
    models are loaded, and wait until the bench has turned counting on."""
    ready = os.environ.get("PALIMPSEST_BENCH_READY")
    if not ready:
        return
    with open(ready + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(str(os.getpid()))
    os.replace(ready + ".tmp", ready)
    while not os.path.exists(ready + ".go"):
        time.sleep(0.1)


def main(path: str) -> None:
    from extractors import schema
    from extractors.rules import RuleExtractor

    with open(path, encoding="utf-8") as handle:
        dialogues = json.load(handle)["data"]
    extractor = RuleExtractor()
    extractor.extract_many([schema.Job("I live in Paris. 我住在北京。", REFERENCE)])
    gc.collect()  # the heap settled as the service settles it after its warm-up
    gc.freeze()  # (service/write/warm.py): collections no longer walk the loaded models
    _wait_for_counting()
    began = time.process_time()
    found = [extractor.extract_many(_jobs(schema, d)) for d in dialogues]
    cpu = time.process_time() - began
    facts = [
        [
            [[f.subject, f.predicate, f.value, f.polarity, f.category] for f in turn]
            for turn in dialogue
        ]
        for dialogue in found
    ]
    turns = sum(len(d["turns"]) for d in dialogues)
    json.dump({"cpu": cpu, "turns": turns, "facts": facts}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
