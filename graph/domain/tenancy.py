"""Tenant scope: who a record belongs to. Every record carries it; every query filters by it.

The tenant is the user (`user_id`); without a user, the agent, then the run. `agent_id`,
`run_id` and `project` narrow reads within a tenant but never widen them. The tenant key is
stored as `group_id` (graphiti-core's name), which must match `[A-Za-z0-9_-]+`; ids that do not
are mapped to a stable digest so any caller id (an e-mail address, say) is accepted.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from graph.domain.errors import Forbidden, InvalidInput

_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
MAX_ID_LENGTH = 256


@dataclass(frozen=True)
class TenantScope:
    """The ids a call names. At least one of user_id, agent_id, run_id is required."""

    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    project: str | None = None

    def __post_init__(self) -> None:
        for name in ("user_id", "agent_id", "run_id", "project"):
            _check_id(name, getattr(self, name))
        if not (self.user_id or self.agent_id or self.run_id):
            raise InvalidInput("a tenant scope is required: give user_id", field="user_id")

    @property
    def group_id(self) -> str:
        """The tenant key every record and query carries."""
        if self.user_id:
            return group_key("u", self.user_id)
        if self.agent_id:
            return group_key("a", self.agent_id)
        return group_key("r", self.run_id or "")


def group_key(kind: str, raw: str) -> str:
    """`u_alice` for safe ids; `u-<digest>` for ids with other characters."""
    if _SAFE.match(raw):
        return f"{kind}_{raw}"
    return f"{kind}-{hashlib.sha256(raw.encode('utf-8')).hexdigest()[:32]}"


def _check_id(name: str, value: str | None) -> None:
    if value is None:
        return
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{name} must be a non-empty string", field=name)
    if len(value) > MAX_ID_LENGTH:
        raise InvalidInput(f"{name} is longer than {MAX_ID_LENGTH} characters", field=name)
    if any(ord(ch) < 32 for ch in value):
        raise InvalidInput(f"{name} contains control characters", field=name)


def acting_user(named: Any, granted: str | None) -> Any:
    """THE tenant rule, for REST, GraphQL and MCP alike: the user a request acts for.

    With API keys off (`granted` None) the user the request names. With keys on, always the
    key's user: naming another is Forbidden, and naming none (missing, or `null`) means the
    key's user, so leaving `user_id` out can never fall through to an `agent_id` or `run_id`
    tenant the key does not grant.
    """
    if granted is None:
        return named
    if named is not None and named != granted:
        raise Forbidden(f"this key does not grant access to user {named!r}")
    return granted
