"""From a prepared add to drafts: extraction, typing, times, signatures, episodes.

No storage access here. A draft is a complete `Fact` whose entity uuids are provisional; the
commit stage links them to the stored entities inside its transaction.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from extractors.aliases import default_aliases
from extractors.chinese.lexicon import SURNAMES
from extractors.discourse.referred import with_referred
from extractors.notary.core import names_placeholder
from extractors.notary.records import credential_records
from extractors.parsing.turns import Turn
from extractors.predicates import PredicateInfo, PredicateTable
from extractors.rules import Extractor
from extractors.schema import SPEAKER, USER, CandidateFact, Job, TurnReading
from extractors.typing import type_candidate
from graph.domain.conflicts import PredicateRules
from graph.domain.discourse import TurnContext
from graph.domain.enums import FactType, Modality, Role, SourceType
from graph.domain.errors import InvalidTime
from graph.domain.model import Alert, Candidate, Entity, Episode, Fact
from graph.domain.signature import assertion_signature, entity_key, normalize_text
from service.write.endings import Meaning, other_meanings
from service.write.period import invalid_at_of, period_of
from service.write.request import PreparedAdd

_WORD = re.compile(r"\w")
FUTURE_SLACK = timedelta(minutes=5)
# "Name: text" at the start of a turn: one to four capitalised words, or a CJK name.
_TRANSCRIPT = re.compile(
    r"^\s*([A-Z][\w.'’-]+(?: [A-Z][\w.'’-]*){0,3}|[\u4e00-\u9fff·]{2,6})\s?[:：]\s*\S"
)
# Line labels that are not speakers ("Note: ...", "Re: ...").
_LABELS = frozenset(
    [
        "note",
        "notes",
        "reminder",
        "todo",
        "update",
        "question",
        "answer",
        "summary",
        "re",
        "fwd",
        "subject",
        "ps",
        "warning",
        "error",
        "important",
        "tip",
        "tips",
        "example",
        "status",
        "title",
        "date",
        "time",
        "location",
        "agenda",
        "action",
    ]
)


@dataclass(frozen=True)
class Draft:
    """One fact about to be written, with what the commit stage needs to judge it."""

    fact: Fact
    subject_name: str
    value_name: str
    rules: PredicateRules
    correction: bool = False
    remember: bool = False
    third_party: bool = False
    also: tuple[Meaning, ...] = ()
    """Other states an ending may mean (service/write/endings.py); the commit picks one."""


@dataclass
class ItemPlan:
    """Everything one add() will write, before it meets the store."""

    prepared: PreparedAdd
    group_id: str
    created_at: datetime
    episodes: list[Episode] = field(default_factory=list)
    drafts: list[Draft] = field(default_factory=list)
    entities: dict[str, Entity] = field(default_factory=dict)
    candidates: list[Candidate] = field(default_factory=list)

    @property
    def alerts(self) -> tuple[Alert, ...]:
        return self.prepared.alerts


@dataclass(frozen=True)
class Context:
    """Collaborators and clock reading shared by one build."""

    extractor: Extractor
    table: PredicateTable
    now: datetime
    new_id: Callable[[], str]
    policy_version: str = "policy-1"


def extraction_jobs(prepared: PreparedAdd, now: datetime) -> dict[int, Job]:
    """The turns the extractor must read, by turn index (verbatim and media-only turns not)."""
    if not prepared.infer:
        return {}
    return {
        turn.index: Job(
            turn.text, _reference(prepared, turn.index, now), turn.role, speaker=turn.name or ""
        )
        for turn in prepared.turns
        if turn.text.strip()
    }


def plan_item(
    prepared: PreparedAdd, ctx: Context, extracted: Mapping[int, TurnReading]
) -> ItemPlan:
    """Type and date every extracted fact of one prepared add (`extracted` by turn index);
    each episode keeps the discourse state its turn was read in and left."""
    created = _created_at(prepared, ctx.now)
    plan = ItemPlan(prepared, prepared.scope.group_id, created)
    for turn in prepared.turns:
        reading = extracted.get(turn.index)
        episode = _episode(plan, turn.index, ctx, reading.context if reading else None)
        found = reading.facts if reading else []
        candidates = _distinct_texts(_candidates(prepared, turn.index, found))
        drafts = [_draft(plan, episode, c, ctx) for c in candidates]
        mentioned = {d.fact.subject_uuid for d in drafts} | {d.fact.object_uuid for d in drafts}
        plan.episodes.append(episode.model_copy(update={"entity_uuids": tuple(sorted(mentioned))}))
        plan.drafts.extend(drafts)
    return plan


def _created_at(prepared: PreparedAdd, now: datetime) -> datetime:
    if prepared.timestamp is None:
        return now
    if prepared.timestamp > now + FUTURE_SLACK:
        raise InvalidTime("timestamp is in the future", field="timestamp")
    return prepared.timestamp


def _candidates(
    prepared: PreparedAdd, index: int, found: list[CandidateFact]
) -> list[CandidateFact]:
    turn = prepared.turns[index]
    if not turn.text.strip():
        return [_media_only(turn)]
    shared = credential_records(turn.text)
    if not prepared.infer:
        return [_verbatim(turn.text), *shared]
    kept = [c for c in found if _usable(c) and _passes(c, prepared.includes, prepared.excludes)]
    if turn.role is Role.ASSISTANT:  # the assistant's words are never facts about the user
        kept = [c for c in kept if c.subject != USER]
    if not kept and turn.media:
        return [_verbatim(turn.text), *shared]
    return kept + shared


def _distinct_texts(candidates: list[CandidateFact]) -> list[CandidateFact]:
    """Facts read from one sentence ("I speak French and Japanese") get their value appended
    to their text, so their memories, keyword hits and embeddings differ."""
    shared = Counter(c.sentence.strip() for c in candidates)
    return [
        c
        if shared[c.sentence.strip()] == 1 or _is_sentence(c)
        else c.model_copy(update={"sentence": f"{c.sentence.strip()} — {c.value}"})
        for c in candidates
    ]


def _is_sentence(candidate: CandidateFact) -> bool:
    """A value that is its whole sentence (what was said, kept verbatim) already differs."""
    sentence = candidate.sentence.strip()
    return candidate.value.strip() in (sentence, sentence.rstrip(".!?。！？"))


def _usable(candidate: CandidateFact) -> bool:
    """A value with no word character is not a fact worth keeping, nor is anything made of a
    masked secret (`数据库密码 = REDACTED`, an entity named `REDACTED`), nor a value that is its
    own subject (`SCMP集团 收购的它 SCMP集团` from 收购它的是SCMP集团: whatever reader made it,
    it says nothing about anyone)."""
    value = candidate.value.strip()
    made_of_mask = names_placeholder(value) or names_placeholder(candidate.subject)
    subject = entity_key(candidate.subject)
    return (
        bool(_WORD.search(value))
        and not made_of_mask
        and bool(subject)
        and entity_key(value) != subject
    )


def _passes(candidate: CandidateFact, includes: tuple[str, ...], excludes: tuple[str, ...]) -> bool:
    haystack = " ".join(
        (candidate.sentence, candidate.value, candidate.predicate, candidate.category)
    ).casefold()
    if includes and not any(term.casefold() in haystack for term in includes):
        return False
    return not any(term.casefold() in haystack for term in excludes)


def _verbatim(text: str) -> CandidateFact:
    body = text.strip()
    return CandidateFact(
        subject=SPEAKER,
        predicate="said",
        value=body,
        category="verbatim",
        confidence=1.0,
        span=(0, len(text)),
        sentence=body,
    )


def _media_only(turn: Turn) -> CandidateFact:
    """A turn of media alone: what was sent, named by its references (a file name or URL says
    what it shows: "new-bike.jpg"; an inline data: URI says nothing and is left out)."""
    kind = turn.media[0].kind if turn.media else Modality.FILE
    refs = [m.ref for m in turn.media if not m.ref.startswith("data:")]
    return CandidateFact(
        subject=SPEAKER,
        predicate="sent_media",
        value=kind.value,
        category="verbatim",
        confidence=1.0,
        span=(0, len(turn.text)),
        sentence=" ".join([f"sent {kind.value}", *refs]),
        fact_type=FactType.OBSERVATION,
    )


def _reference(prepared: PreparedAdd, index: int, now: datetime) -> datetime:
    turn = prepared.turns[index]
    if turn.timestamp is not None:
        return turn.timestamp
    if prepared.observation is not None:
        return prepared.observation.start
    return prepared.knowledge_time or now


def _episode(
    plan: ItemPlan, index: int, ctx: Context, discourse: TurnContext | None = None
) -> Episode:
    prepared, turn = plan.prepared, plan.prepared.turns[index]
    speaker = speaker_of(turn.name, turn.text)
    return Episode(
        discourse=None if discourse is None else with_referred(discourse, speaker, turn.text),
        uuid=ctx.new_id(),
        group_id=plan.group_id,
        user_id=prepared.user_id,
        agent_id=prepared.agent_id,
        run_id=prepared.run_id,
        role=turn.role,
        name=turn.message_id or f"turn {index}",
        speaker=speaker,
        content=turn.text,
        valid_at=_reference(prepared, index, ctx.now),
        created_at=plan.created_at,
        knowledge_time=turn.timestamp or prepared.knowledge_time or ctx.now,
        modality=turn.modality,
        media_refs=tuple(m.ref for m in turn.media),
        metadata=prepared.metadata,
        source_description=prepared.source or "",
        permissions=prepared.permissions,
    )


def speaker_of(name: str | None, text: str) -> str:
    """Who speaks a turn: the message's `name`, else the name of a transcript line
    ("Priya Shah: we shipped it", "王芳：我们上线了"); "" when neither says."""
    if name:
        return name
    found = _TRANSCRIPT.match(text)
    if found is None or found.group(1).split()[0].casefold() in _LABELS:
        return ""
    return found.group(1)


def _speaker(prepared: PreparedAdd, episode: Episode, subject: str) -> str:
    """The subject a fact is about: a named speaker when the turn speaks in the first person,
    else the tenant's user (or the agent, for the assistant's own words)."""
    role = episode.role
    if episode.speaker and subject == SPEAKER:
        return episode.speaker
    user = prepared.user_id or prepared.agent_id or prepared.run_id or "user"
    if subject == USER or (subject == SPEAKER and role is not Role.ASSISTANT):
        return user
    if subject == SPEAKER:
        return prepared.agent_id or "assistant"
    return subject


def _entity(plan: ItemPlan, said: str, ctx: Context, resolve: bool = True) -> Entity:
    """The plan's entity a name names: keyed on its canonical name (the alias table), named
    as the tenant first said it (北京 stays 北京 on the graph, as in the facts), with the
    canonical name among its aliases when that is another name of it. `resolve=False` (the
    speaker: a user id) keys it on the name as given."""
    canonical = default_aliases().canonical(said) if resolve else said
    key = entity_key(canonical)
    known = plan.entities.get(key)
    if known is None:
        known = Entity(
            uuid=ctx.new_id(),
            group_id=plan.group_id,
            name=said[:500],
            normalized=key,
            created_at=plan.created_at,
        )
    names = (n[:500] for n in dict.fromkeys((said, canonical)))
    known = known.called(n for n in names if entity_key(n) != entity_key(known.name))
    plan.entities[key] = known
    return known


def _draft(plan: ItemPlan, episode: Episode, candidate: CandidateFact, ctx: Context) -> Draft:
    prepared = plan.prepared
    if candidate.value in (SPEAKER, USER):  # (Bob, friend_of, the speaker): named in its text too
        name = _speaker(prepared, episode, candidate.value)
        sentence = candidate.sentence.replace(candidate.value, name)
        candidate = candidate.model_copy(update={"value": name, "sentence": sentence})
    subject = _speaker(prepared, episode, candidate.subject)
    candidate, (valid_at, granularity) = period_of(prepared, candidate, episode)
    info = predicate_info(ctx.table, candidate)
    source = source_of(prepared, episode, candidate)
    typing = type_candidate(
        ctx.table,
        candidate.category,
        candidate.confidence,
        source,
        prepared.memory_type,
    )
    scope = candidate.scope or normalize_text(prepared.project or "")
    named = subject == candidate.subject  # said in the text, not the speaker
    subject_entity = _entity(plan, subject, ctx, resolve=named)
    subject_name = default_aliases().canonical(subject) if named else subject
    value = default_aliases().canonical(candidate.value)
    fact = Fact(
        uuid=ctx.new_id(),
        group_id=plan.group_id,
        user_id=prepared.user_id,
        agent_id=prepared.agent_id,
        run_id=prepared.run_id,
        subject=subject,
        subject_key=subject_entity.normalized,
        subject_uuid=subject_entity.uuid,
        predicate=candidate.predicate,
        cardinality=ctx.table.cardinality_of(info, candidate.value),
        value=candidate.value,
        value_key=normalize_text(value),
        object_uuid=_entity(plan, candidate.value, ctx).uuid,
        polarity=candidate.polarity,
        state_change=candidate.change,
        correction=candidate.is_correction,
        scope=scope,
        fact=candidate.sentence.strip() or candidate.value,
        episodes=(episode.uuid,),
        episode_id=episode.uuid,
        valid_at=valid_at,
        valid_granularity=granularity,
        valid_end=candidate.time.end if candidate.time is not None else None,
        valid_phrase=candidate.time.text if candidate.time is not None else "",
        invalid_at=invalid_at_of(candidate, valid_at),
        knowledge_time=episode.knowledge_time,
        told_at=episode.valid_at,
        created_at=plan.created_at,
        categories=(candidate.category,),
        memory_type=typing.memory_type,
        layer=typing.layer,
        fact_type=candidate.fact_type,
        source_type=source,
        confidence=typing.confidence,
        immutable=prepared.immutable,
        signature=assertion_signature(
            group_id=plan.group_id,
            subject=subject_name,
            predicate=candidate.predicate,
            value=value,
            polarity=candidate.polarity,
            scope=scope,
            valid_at=valid_at,
            granularity=granularity,
        ),
        extraction_version=ctx.extractor.version,
        policy_version=ctx.policy_version,
        source_span=candidate.span,
        modality=episode.modality,
        media_refs=episode.media_refs,
        metadata=prepared.metadata,
    )
    rules = PredicateRules(fact.cardinality, info.preference)
    third_party = about_person(candidate, ctx.table)
    return Draft(
        fact,
        subject,
        candidate.value,
        rules,
        candidate.is_correction,
        candidate.remember_request,
        third_party,
        other_meanings(ctx.table, candidate, source, prepared.memory_type),
    )


def source_of(prepared: PreparedAdd, episode: Episode, candidate: CandidateFact) -> SourceType:
    """Where a fact came from: what the assistant says of the world is `agent_generated` (the
    design's source type for an agent's words: a lower prior, and the promotion rules hold it
    for review); its confirmed actions and its turns kept verbatim keep the add's source; a
    caller's explicit source other than the default `user` always wins."""
    spoken = episode.role is Role.ASSISTANT and prepared.source_type is SourceType.USER
    if spoken and candidate.category not in ("action", "verbatim"):
        return SourceType.AGENT_GENERATED
    return prepared.source_type


def predicate_info(table: PredicateTable, candidate: CandidateFact) -> PredicateInfo:
    """The table's entry, else the longest known head ("works_at_in_beijing" -> works_at),
    else a new predicate: single-valued when it came from a copular attribute."""
    known = table.get(candidate.predicate)
    if known is not None:
        return known
    parts = candidate.predicate.split("_")
    for cut in range(len(parts) - 1, 0, -1):
        head = table.get("_".join(parts[:cut]))
        if head is not None:
            return head
    return table.resolve(
        candidate.predicate, candidate.language, from_attribute=candidate.attribute is not None
    )


_PERSON_LABELS = frozenset({"PERSON", "person", "PER"})
_CJK_NAME = re.compile(r"[\u4e00-\u9fff]{2,4}")
_FULL_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}")  # "Li Si", "Ada Lovelace"


def about_person(candidate: CandidateFact, table: PredicateTable) -> bool:
    """Is the subject another person (a name, "my manager", 我的同事), not the speaker?"""
    if candidate.subject in (SPEAKER, USER):
        return False
    subject = candidate.subject.casefold()
    named = any(
        e.label in _PERSON_LABELS and e.text.casefold() in subject for e in candidate.entities
    )
    chinese_name = bool(_CJK_NAME.fullmatch(subject)) and subject[0] in SURNAMES
    full_name = bool(_FULL_NAME.fullmatch(candidate.subject))
    kin = any(subject.endswith(noun) for noun in relation_nouns(table))
    return named or chinese_name or full_name or kin


def relation_nouns(table: PredicateTable) -> frozenset[str]:
    """Nouns naming people by relation ("manager", 同事), from the predicate table."""
    return frozenset(key for (_, key), name in table.surfaces.items() if name == "relationship")


def rules_of(table: PredicateTable, fact: Fact) -> PredicateRules:
    """How a stored record's predicate behaves: its own cardinality, the table's preference."""
    parts = fact.predicate.split("_")
    for cut in range(len(parts), 0, -1):
        known = table.get("_".join(parts[:cut]))
        if known is not None:
            return PredicateRules(fact.cardinality, known.preference)
    return PredicateRules(fact.cardinality, False)
