"""The conversation a turn belongs to, and the discourse state it is read in (issue 37).

A conversation is a tenant's turns with one `run_id` and one `source` (or none). Its state
(who "he", "it" and "the film" are: `graph.domain.discourse`) is kept on each episode; a new
add starts from the state its conversation's latest stored turn left (one indexed read of a
few episodes, observed at or before the add's first turn), a turn older (`next_turn`: each add
is a turn after the last, so a referent not mentioned for eight adds is forgotten, as within
one message), and the turns of one planning call
thread it in order (`extractors.rules.RuleExtractor.read_turns`). A batch carries it from
chunk to chunk (`Carried`), since a chunk is planned before the one before it is committed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from graph.domain.discourse import Discourse
from graph.domain.model import Episode
from graph.ports.store import Store
from service.write.request import PreparedAdd

LOOKBACK = 16
"""Latest episodes read to find the conversation's last turn (other runs' turns between)."""


def conversation_of(prepared: PreparedAdd) -> str:
    """A tenant's turns with one run id and one source ("chat:1"): forgetting a source
    forgets whole conversations, so no other turn's state keeps a name said only there."""
    return f"{prepared.scope.group_id}/{prepared.run_id or ''}/{prepared.source or ''}"


class Planned(Protocol):
    """What `Carried.remember` reads of a plan (`service.write.build.ItemPlan`)."""

    prepared: PreparedAdd
    episodes: list[Episode]


def stored_state(store: Store, prepared: PreparedAdd, at: datetime) -> Discourse:
    """The state the conversation's latest turn observed at or before `at` left."""
    run, source = prepared.run_id or "", prepared.source or ""
    group_id = prepared.scope.group_id
    for episode in store.read(lambda tx: tx.episodes.latest(group_id, at, LOOKBACK)):
        if (episode.run_id or "") == run and episode.source_description == source:
            return episode.discourse.after if episode.discourse is not None else Discourse()
    return Discourse()


@dataclass
class Carried:
    """The state each conversation's last planned turn left, within one batch."""

    states: dict[str, Discourse] = field(default_factory=dict)

    def contextualised(
        self, store: Store, items: Sequence[tuple[str, PreparedAdd]], at: datetime
    ) -> list[tuple[str, PreparedAdd]]:
        """`items` with the state before each conversation's first item in them (the batch's
        last planned turn of it, else the store's); later items thread from it."""
        out, seen = [], set()
        for event_id, prepared in items:
            key = conversation_of(prepared)
            given = prepared
            if key not in seen and prepared.infer:
                seen.add(key)
                state = self.states.get(key)
                if state is None:
                    state = stored_state(store, prepared, first_reference(prepared, at))
                # the add's first turn is a turn after the one that left the state
                given = prepared.model_copy(update={"discourse": state.next_turn()})
            out.append((event_id, given))
        return out

    def remember(self, plans: Sequence[Planned]) -> None:
        """Keep the state the planned items' last turns left."""
        for plan in plans:
            for episode in plan.episodes:
                if episode.discourse is not None:
                    self.states[conversation_of(plan.prepared)] = episode.discourse.after


def first_reference(prepared: PreparedAdd, now: datetime) -> datetime:
    """When the add's first turn was said: its timestamp, the observation date, the
    knowledge time, else now."""
    turn = prepared.turns[0] if prepared.turns else None
    if turn is not None and turn.timestamp is not None:
        return turn.timestamp
    if prepared.observation is not None:
        return prepared.observation.start
    return prepared.knowledge_time or now


def conversations(items: Sequence[tuple[str, PreparedAdd]]) -> set[str]:
    return {conversation_of(prepared) for _, prepared in items}
