"""The composition root: the one place that picks and wires concrete adapters.

REST, GraphQL, MCP, the CLI and the worker all obtain their collaborators here, so they cannot
drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from extractors.predicates import PredicateTable, load_table
from extractors.promotion import PromotionRules, load_rules
from extractors.rules import Extractor, RuleExtractor
from graph.domain.clock import Clock
from graph.domain.errors import InvalidInput
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.conflicts.candidates import Candidates
from service.conflicts.usecases import Services
from service.embedding import Embedder, build_embedder
from service.read.deps import ReadDeps
from service.read.synonyms import load_synonyms
from service.settings import Settings
from service.tenancy.usecases import Tenancy
from service.write.parallel import ModelSpec, PlannerPool
from service.write.pipeline import WriteConfig, WritePipeline


class SystemClock:
    """The real clock (UTC). The only place that reads the time of day."""

    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class Container:
    settings: Settings
    store: Store
    clock: Clock
    table: PredicateTable
    embedder: Embedder
    extractor: Extractor
    writes: WritePipeline
    services: Services
    """What the conflict handlers take (`service.conflicts.usecases`, `.reversal`)."""
    candidates: Candidates
    tenancy: Tenancy
    reads: ReadDeps

    def close(self) -> None:
        self.writes.close()
        self.store.close()


def build_store(settings: Settings) -> Store:
    if settings.backend == "neo4j":
        from graph.backends.neo4j.store import Neo4jStore

        password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else None
        return Neo4jStore(
            settings.neo4j_uri,
            user=settings.neo4j_user,
            password=password,
            database=settings.neo4j_database,
            embedding_dimensions=settings.embedding_dimensions,
            connection_timeout=settings.neo4j_connect_seconds,
            max_retry_time=settings.neo4j_retry_seconds,
            outage_cooldown=settings.neo4j_outage_cooldown_seconds,
        )
    from graph.backends.sqlite import SqliteStore

    return SqliteStore(settings.sqlite_path, synchronous=settings.sqlite_synchronous)


def build_extractor(settings: Settings, table: PredicateTable) -> Extractor:
    """The rule extractor, or the optional LLM extractor when configured (never by default)."""
    if settings.extractor != "llm":
        return RuleExtractor(table)
    if not settings.llm_base_url or not settings.llm_model:
        raise InvalidInput("extractor=llm needs llm_base_url and llm_model", field="extractor")
    from extractors.llm import LLMExtractor

    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return LLMExtractor(
        base_url=settings.llm_base_url, model=settings.llm_model, api_key=key, table=table
    )


def write_config(settings: Settings) -> WriteConfig:
    manual = frozenset(TenantScope(user_id=u).group_id for u in settings.manual_tenants)
    return WriteConfig(
        chunk_size=settings.chunk_size,
        max_chars=settings.max_input_chars,
        manual_groups=manual,
        manual_default=settings.conflict_mode == "manual",
        lease=timedelta(seconds=settings.worker_lease_seconds),
        alias_similarity=settings.alias_similarity if settings.alias_review else None,
    )


def planner_pool(
    settings: Settings, table: PredicateTable, rules: PromotionRules
) -> PlannerPool | None:
    """Worker processes for extraction and embedding, when configured (more than one) and
    the models are the rule extractor and a named embedder each process can build itself."""
    if settings.extract_workers < 2 or settings.extractor != "rules":
        return None
    spec = ModelSpec(table, rules, settings.embedder, settings.embedding_dimensions)
    return PlannerPool(spec, settings.extract_workers)


def bootstrap(
    settings: Settings | None = None,
    *,
    store: Store | None = None,
    clock: Clock | None = None,
    extractor: Extractor | None = None,
    embedder: Embedder | None = None,
) -> Container:
    settings = settings or Settings()
    table = load_table(settings.predicate_table)
    clock = clock or SystemClock()
    store = store or build_store(settings)
    injected = extractor is not None or embedder is not None
    embedder = embedder or build_embedder(settings.embedder, settings.embedding_dimensions)
    extractor = extractor or build_extractor(settings, table)
    rules = load_rules(settings.promotion_rules)
    pool = None if injected else planner_pool(settings, table, rules)
    writes = WritePipeline(
        store, clock, extractor, embedder, table, write_config(settings), rules, pool
    )
    services = Services(store, clock, table, writes)
    return Container(
        settings,
        store,
        clock,
        table,
        embedder,
        extractor,
        writes,
        services,
        Candidates(services, embedder),
        Tenancy(services),
        ReadDeps(store, clock, table, embedder, load_synonyms(settings.synonyms)),
    )
