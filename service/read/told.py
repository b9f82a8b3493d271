"""Episodes in search: which turns may be shown, and how they meet the facts read from them.

An episode is a turn as it was told (after the notary). Search finds episodes by their own
keyword index, and shows one when:

* the caller may read it (its permissions, `access.py`), it passes the filters that apply to
  a turn (agent, run; a project or scope: one of its facts has it; a filter on fact fields
  such as predicate or category excludes turns),
  and the time question admits it (observed by the end of `as_of`, stored by `known_at`);
* it still speaks for the memory: it has no fact at all (nothing told is lost), or at least
  one of its facts is visible under the time question (a turn whose every fact has been
  superseded is history; `include_history` shows it).

When one of its facts is among the fused candidates, the turn's score goes to its best such
fact (which then also lists the `episodes` channel) and the turn itself is not repeated.
"""

from __future__ import annotations

from dataclasses import dataclass

from graph.domain.model import Episode, Fact
from graph.domain.timerules import visible
from graph.ports.facts import FactFilter
from graph.ports.search import SearchRecords
from service.read.channels import Question

FACT_FIELDS = ("subject_key", "predicate", "memory_types", "categories", "verify_statuses")


@dataclass(frozen=True)
class Told:
    """A shown episode and the facts read from it that the question can see."""

    episode: Episode
    facts: tuple[str, ...]


def told_excluded(flt: FactFilter) -> bool:
    """A filter on fact fields excludes every turn."""
    return any(getattr(flt, name) for name in FACT_FIELDS)


def shown(records: SearchRecords, q: Question, flt: FactFilter) -> dict[str, Told]:
    """The candidate episodes (`records.episodes`) search may show, by uuid."""
    if told_excluded(flt):
        return {}
    episodes = [e for e in records.episodes if _passes(e, q, flt)]
    by_episode: dict[str, list[Fact]] = {}
    for fact in records.told:
        by_episode.setdefault(fact.episode_id or "", []).append(fact)
    told: dict[str, Told] = {}
    for episode in episodes:
        own = by_episode.get(episode.uuid, [])
        seen = tuple(f.uuid for f in own if q.time is None or visible(f, q.time, q.now))
        scoped = flt.scope is None or any(f.scope == flt.scope for f in own)
        if (not own or seen) and scoped:
            told[episode.uuid] = Told(episode, seen)
    return told


def _passes(episode: Episode, q: Question, flt: FactFilter) -> bool:
    readable = (
        q.principals is None
        or not episode.permissions
        or bool(set(q.principals).intersection(episode.permissions))
    )
    in_time = q.time is None or (
        (q.time.as_of is None or episode.valid_at <= q.time.as_of.end)
        and (q.time.known_at is None or episode.created_at <= q.time.known_at)
    )
    return (
        readable
        and in_time
        and (flt.agent_id is None or episode.agent_id == flt.agent_id)
        and (flt.run_id is None or episode.run_id == flt.run_id)
    )
