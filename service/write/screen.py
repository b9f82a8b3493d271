"""The candidate stage of the write path: promotion rules decide which drafts become memory.

Held and rejected drafts become `Candidate` records (written in the same transaction as the
rest of the add), entities that only they named are not created, and nothing of theirs is
embedded until a reviewer promotes them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from extractors.promotion import PromotionRules, Subject, screen
from graph.domain.model import Candidate
from graph.domain.signature import normalize_text
from service.write.build import Draft, ItemPlan


def screen_plan(
    plan: ItemPlan, rules: PromotionRules, new_id: Callable[[], str], now: datetime
) -> None:
    """Keep the promoted drafts in `plan`; move the others to `plan.candidates`."""
    permitted = _permitted(plan)
    turns = {e.uuid: e.content for e in plan.episodes}
    kept: list[Draft] = []
    for draft in plan.drafts:
        context = turns.get(draft.fact.episode_id or "", "")
        verdict = screen(_subject(draft, permitted, context), rules)
        if verdict.decision == "promote":
            kept.append(draft)
            continue
        rejected = verdict.decision == "reject"
        plan.candidates.append(
            Candidate(
                uuid=new_id(),
                group_id=plan.group_id,
                status="rejected" if rejected else "pending",
                rule=verdict.rule,
                reason=verdict.reason,
                fact=draft.fact,
                correction=draft.correction,
                created_at=now,
                decided_at=now if rejected else None,
                decided_by="rules" if rejected else None,
            )
        )
    plan.drafts[:] = kept
    _prune_entities(plan)


def _permitted(plan: ItemPlan) -> frozenset[str] | None:
    project = plan.prepared.project
    if not project:
        return None
    return frozenset({"", normalize_text(project), "this_project"})


def _subject(draft: Draft, permitted: frozenset[str] | None, context: str) -> Subject:
    fact = draft.fact
    return Subject(
        predicate=fact.predicate,
        value=fact.value,
        text=fact.fact,
        category=fact.categories[0] if fact.categories else "general",
        fact_type=fact.fact_type.value,
        memory_type=fact.memory_type.value,
        source_type=fact.source_type.value,
        scope=fact.scope,
        third_party=draft.third_party,
        remember=draft.remember,
        has_source=bool(fact.episode_id) and fact.source_span is not None,
        permitted_scopes=permitted,
        context=context,
    )


def _prune_entities(plan: ItemPlan) -> None:
    """Create only the entities promoted drafts refer to; episodes mention only those."""
    used = {d.fact.subject_uuid for d in plan.drafts} | {d.fact.object_uuid for d in plan.drafts}
    plan.entities = {key: e for key, e in plan.entities.items() if e.uuid in used}
    plan.episodes[:] = [
        e.model_copy(update={"entity_uuids": tuple(u for u in e.entity_uuids if u in used)})
        for e in plan.episodes
    ]
