"""What a fact hit carries besides its own words: the turn it was read from.

A fact is often a fragment of what was said ("Marco plays: guitar" from "I picked up the guitar
again after ten years"); the agent reads the hit, not our ids, so every fact hit carries its
source turn (the episode's body, speaker and observation time) as `episode`, like an episode
hit. The turn is the one the fact was read from (`Fact.episode_id`), else the latest episode
that asserted it again; one the caller may not read is never shown (a fact readable through
another of its sources shows that one). Search reads every fact candidate's sources with the
candidates (`SearchReads.records(sources=True)`: no further round trip on Neo4j); a turn still
missing is read once more, for the hits shown only.
"""

from __future__ import annotations

from collections.abc import Sequence

from graph.domain.model import Episode, Fact
from graph.ports.store import StoreReads
from service.read.access import Principals, open_to


def sources_of(fact: Fact) -> list[str]:
    """The episodes a fact's turn may be, preferred first."""
    later = [uuid for uuid in reversed(fact.episodes) if uuid != fact.episode_id]
    return [uuid for uuid in (fact.episode_id, *later) if uuid]


def turns(
    tx: StoreReads,
    group_id: str,
    facts: Sequence[Fact],
    known: Sequence[Episode],
    principals: Principals,
) -> dict[str, Episode]:
    """The turn each fact is shown with, by fact uuid (a fact without a readable source: none)."""
    by_id = {episode.uuid: episode for episode in known}
    wanted = {u for fact in facts for u in _wanted(fact, principals)}
    missing = sorted(wanted - by_id.keys())
    if missing:
        by_id.update((e.uuid, e) for e in tx.episodes.get(group_id, missing))
    shown: dict[str, Episode] = {}
    for fact in facts:
        readable = [
            by_id[u] for u in sources_of(fact)
            if u in by_id and open_to(by_id[u].permissions, principals)
        ]  # fmt: skip
        if readable:
            shown[fact.uuid] = readable[0]
    return shown


def _wanted(fact: Fact, principals: Principals) -> list[str]:
    """The sources to read: the preferred one, or all when some may be closed to the caller
    (a fact seen by twenty turns is read with one)."""
    sources = sources_of(fact)
    return sources if principals is not None else sources[:1]
