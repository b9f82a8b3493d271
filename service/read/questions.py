"""Turn a read request into the store's terms: which time question, which records.

Time arguments (ARCHITECTURE.md §4; the reference rules are `graph.domain.timerules`):

* `as_of` is event time. An instant is that point; a date, month or year is the whole period
  ("valid at any point in it"): as_of=2024 returns what was true at some moment of 2024.
* `known_at` is ingestion time: what the store believed then. A datetime is that instant; a
  bare date, month or year means the END of that period, i.e. everything the store had learned
  by then ("what did we believe in 2024" = at the last instant of 2024).
* Both together: as_of V as known at K. Neither: current.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from extractors.predicates import PredicateTable, predicate_name
from extractors.temporal.resolve import parse_time_argument
from graph.domain.enums import Granularity
from graph.domain.errors import InvalidInput
from graph.domain.model import Fact
from graph.domain.signature import normalize_text
from graph.domain.timerules import CURRENT, Period, TimeQuery
from graph.ports import FactFilter
from service.read.requests import FactsRequest, FilterArgs, TimeArgument
from service.write.build import entity_key

_ONE_MICROSECOND = timedelta(microseconds=1)


def time_query(as_of: TimeArgument | None, known_at: TimeArgument | None) -> TimeQuery:
    """The time question of a request (raises InvalidTime naming the field)."""
    if as_of is None and known_at is None:
        return CURRENT
    period = as_of_period(as_of) if as_of is not None else None
    moment = known_at_instant(known_at) if known_at is not None else None
    return TimeQuery(as_of=period, known_at=moment)


def as_of_period(value: TimeArgument) -> Period:
    mention = parse_time_argument(_text(value), field="as_of")
    if mention.granularity is Granularity.INSTANT:
        return Period.point(mention.start)
    return Period.half_open(mention.start, mention.end)


def known_at_instant(value: TimeArgument) -> datetime:
    mention = parse_time_argument(_text(value), field="known_at")
    if mention.granularity is Granularity.INSTANT:
        return mention.start
    return mention.end - _ONE_MICROSECOND


def _text(value: TimeArgument) -> str:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def fact_filter(request: FilterArgs, table: PredicateTable) -> FactFilter:
    """The store filter of a request: subject and predicate normalised as the write path does."""
    subject = request.subject if isinstance(request, FactsRequest) else None
    predicate = request.predicate if isinstance(request, FactsRequest) else None
    return FactFilter(
        subject_key=_subject_key(subject),
        predicate=_predicate(predicate, table),
        scope=record_scope(request),
        memory_types=tuple(t.value for t in request.memory_type),
        categories=tuple(request.category),
        verify_statuses=tuple(s.value for s in request.verify_status),
        agent_id=request.agent_id,
        run_id=request.run_id,
    )


def record_scope(request: FilterArgs) -> str | None:
    """`project` and `scope` both narrow to the records' scope; they must agree."""
    given = {normalize_text(v) for v in (request.project, request.scope) if v is not None}
    if len(given) > 1:
        raise InvalidInput("project and scope name different scopes", field="scope")
    return next(iter(given), None)


def _subject_key(subject: str | None) -> str | None:
    if subject is None:
        return None
    key = entity_key(subject)
    if not key:
        raise InvalidInput("subject must name an entity", field="subject")
    return key


def _predicate(predicate: str | None, table: PredicateTable) -> str | None:
    """A predicate name ("lives_in") or a surface form the table knows ("live in", 住在)."""
    if predicate is None:
        return None
    if not predicate.strip():
        raise InvalidInput("predicate must not be empty", field="predicate")
    name = predicate_name(predicate)
    if table.get(name) is not None:
        return name
    for lang in ("en", "zh"):
        found = table.lookup(predicate, lang)
        if found is not None:
            return found.name
    return name


def matches(fact: Fact, flt: FactFilter) -> bool:
    """The filter applied in process (search fuses candidates before filtering them)."""
    checks = (
        flt.subject_key is None or fact.subject_key == flt.subject_key,
        flt.predicate is None or fact.predicate == flt.predicate,
        flt.scope is None or fact.scope == flt.scope,
        not flt.memory_types or fact.memory_type.value in flt.memory_types,
        not flt.categories or any(c in flt.categories for c in fact.categories),
        not flt.verify_statuses or fact.verify_status.value in flt.verify_statuses,
        flt.agent_id is None or fact.agent_id == flt.agent_id,
        flt.run_id is None or fact.run_id == flt.run_id,
    )
    return all(checks)
