"""Turn a read request into the store's terms: which records (the filter).

The time question (`as_of` / `known_at` to a `TimeQuery`, and its bounds) is the domain's:
`graph.domain.timeargs` and `graph.domain.timerules`.
"""

from __future__ import annotations

from extractors.predicates import PredicateTable, predicate_name
from graph.domain.enums import FactType
from graph.domain.errors import InvalidInput
from graph.domain.model import Fact
from graph.domain.signature import entity_key, normalize_text
from graph.ports.facts import FactFilter
from service.read.requests import FactsRequest, FilterArgs


def fact_filter(request: FilterArgs, table: PredicateTable) -> FactFilter:
    """The store filter of a request: subject and predicate normalised as the write path does."""
    subject = request.subject if isinstance(request, FactsRequest) else None
    predicate = request.predicate if isinstance(request, FactsRequest) else None
    return FactFilter(
        subject_key=_subject_key(subject),
        predicate=predicate_key(predicate, table),
        scope=record_scope(request),
        memory_types=tuple(t.value for t in request.memory_type),
        categories=tuple(request.category),
        verify_statuses=tuple(s.value for s in request.verify_status),
        fact_types=fact_types(request),
        agent_id=request.agent_id,
        run_id=request.run_id,
        without_endings=not (request.include_endings or getattr(request, "include_history", False)),
    )


def fact_types(request: FilterArgs) -> tuple[str, ...]:
    """A fact query lists the type it names, else every type but `hypothesis` (a hedge such
    as "I might move to Tokyo" is never a current fact); search keeps every type."""
    if not isinstance(request, FactsRequest):
        return ()
    if request.fact_type is not None:
        return (request.fact_type.value,)
    return tuple(t.value for t in FactType if t is not FactType.HYPOTHESIS)


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


def predicate_key(predicate: str | None, table: PredicateTable) -> str | None:
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
        not flt.fact_types or fact.fact_type.value in flt.fact_types,
        flt.agent_id is None or fact.agent_id == flt.agent_id,
        flt.run_id is None or fact.run_id == flt.run_id,
        not flt.without_endings or fact.state_change != "ends",
    )
    return all(checks)
