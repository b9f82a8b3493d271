"""Typed settings, read once at the edge from `PALIMPSEST_*` environment variables.

The embedded store is the default; nothing else is needed to start. `graph/` and `extractors/`
never read the environment: everything they need is passed in from here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from service.write.names import ALIAS_SIMILARITY

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def spare_cores() -> int:
    """Cores left once the writer (this process) has one: the default number of extraction
    processes. On 2 cores that is 1, planning in-process: measured, two extraction processes
    beside the writer were slower there (docs/write.md)."""
    return max(1, cores() - 1)


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "palimpsest"


class Settings(BaseSettings):
    """Every setting, with the environment variable that sets it (prefix PALIMPSEST_)."""

    model_config = SettingsConfigDict(env_prefix="PALIMPSEST_", extra="ignore")

    backend: Literal["sqlite", "neo4j"] = "sqlite"
    data_dir: Path = Field(default_factory=default_data_dir)
    sqlite_synchronous: Literal["NORMAL", "FULL", "EXTRA"] = "FULL"
    """The embedded store's durability (PALIMPSEST_SQLITE_SYNCHRONOUS): FULL keeps every
    answered write through a power failure; NORMAL is faster and may lose the last ones."""
    neo4j_uri: str = "bolt://127.0.0.1:7687"
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr | None = None
    neo4j_database: str = "neo4j"
    neo4j_connect_seconds: float = Field(default=1.0, gt=0)
    """How long to wait for a Bolt connection (PALIMPSEST_NEO4J_CONNECT_SECONDS)."""
    neo4j_retry_seconds: float = Field(default=0.5, ge=0)
    """How long the driver retries a transient failure before the call answers 503."""
    neo4j_outage_cooldown_seconds: float = Field(default=1.0, ge=0)
    """After Neo4j was found unreachable, calls fail at once for this long (fast 503s)."""
    embedding_dimensions: int = Field(default=512, ge=8, le=4096)
    embedder: Literal["use", "hashing"] = "use"
    extractor: Literal["rules", "llm"] = "rules"
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: SecretStr | None = None
    predicate_table: Path | None = None
    promotion_rules: Path | None = None
    chunk_size: int = Field(default=200, ge=1, le=5000)
    extract_workers: int = Field(default_factory=spare_cores, ge=1, le=64)
    """Processes that extract and embed batch chunks and queued operations side by side
    (PALIMPSEST_EXTRACT_WORKERS; default: the cores minus one for the writer; 1: all in the
    service's own process). Each holds its own copy of the models."""
    max_input_chars: int = Field(default=200_000, ge=1_000)
    conflict_mode: Literal["auto", "manual"] = "auto"
    manual_tenants: list[str] = Field(default_factory=list)
    alias_review: bool = True
    """Hold for review a new value of a single-valued relation, named in another script, whose
    name is near the current one's by the encoder (PALIMPSEST_ALIAS_REVIEW; docs/write.md,
    "Names the table does not know"); false: such a value is an UPDATE, as any other."""
    alias_similarity: float = Field(default=ALIAS_SIMILARITY, ge=-1, le=1)
    """How alike two names must be to be held as a possible alias (the encoder's cosine;
    PALIMPSEST_ALIAS_SIMILARITY; the default was chosen with `python -m bench.aliases`)."""
    worker_lease_seconds: float = Field(default=120.0, gt=0)
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    allowed_hosts: Annotated[list[str] | None, NoDecode] = None
    """The host names requests may carry in `Host` and `Origin` (PALIMPSEST_ALLOWED_HOSTS, a
    JSON list or comma-separated); unset: from `host` (loopback names for a loopback bind, the
    address itself, any host for 0.0.0.0 or ::). docs/operations.md, "The trust model"."""
    max_body_bytes: int = Field(default=2_000_000, ge=1_000)
    api_keys: SecretStr | None = None
    """JSON: {"<key>": "<user_id>"} or {"<key>": {"user_id", "principals"}}; unset: open."""
    synonyms: Path | None = None
    """The search synonym table (PALIMPSEST_SYNONYMS); default: service/read/synonyms.toml."""
    log_format: Literal["text", "json"] = "text"
    """`json`: one JSON object per log line (with request_id); `text`: readable lines."""
    log_query_strings: bool = False
    """Whether the HTTP access log keeps query strings (masked by the notary); default: no."""
    warm_queries: bool = True
    """`palimpsest serve` asks every read once of an empty tenant before `/readyz` says ready
    (PALIMPSEST_WARM_QUERIES; docs/operations.md, "Warm before ready")."""

    @field_validator("api_keys", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        """`PALIMPSEST_API_KEYS=` (empty, as compose passes an unset variable) means no keys."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        """`PALIMPSEST_ALLOWED_HOSTS=a.example,b.example` as well as a JSON list."""
        if not isinstance(value, str):
            return value
        if value.strip().startswith("["):
            return json.loads(value)
        return [name.strip() for name in value.split(",") if name.strip()] or None

    def open_bind_warning(self) -> str | None:
        """A warning when the service would listen beyond this machine with no API keys."""
        if self.api_keys is not None or self.host in LOOPBACK:
            return None
        return (
            f"WARNING: listening on {self.host} without API keys: anyone who can reach this "
            "port can read and write every tenant. Set PALIMPSEST_API_KEYS (docs/operations.md)."
        )

    @property
    def sqlite_path(self) -> Path:
        return self.data_dir / "palimpsest.db"
