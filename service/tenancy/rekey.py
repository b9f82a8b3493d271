"""Restoring an export as another tenant (`palimpsest import FILE --user-id A --as-user B`).

A restore copies a tenant exactly; restored as another one, every record is re-keyed first,
after it was checked as the file's own (its tenant, and its digest against the file's verified
ledger, in the file's terms):

* the tenant: `group_id`, and every `user_id` naming the file's user, become the target's;
* every record id the file holds (`uuid`, an operation's `event_id`), wherever a record names
  it (`supersedes`, `episodes`, `subject_uuid`, an episode's entities, a candidate's fact, an
  operation's result), becomes a new id derived from the target and the old id, so a copy
  beside its original in one store collides with nothing and a second restore of the same
  file as the same target gives the same ids;
* the user's own entity (facts about "alice", the speaker) is renamed to the target user, and
  the facts about it follow; a file that already names another entity so is refused, since
  the two would merge;
* a fact's signature is the one the target would sign it with (a superseded record's
  successor signatures follow, hop for hop).

The file's ledger entries are not copied: they hash the file's tenant and records, and their
payloads (hashed, not exported) cannot be re-keyed. They are verified as a chain, as in every
restore, and the target's chain starts afresh with `restore` entries, written through the unit
of work with the records they wrote, whose payload names the file's tenant and ledger head.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from graph.domain.errors import InvalidInput
from graph.domain.model import Candidate, Entity, Fact
from graph.domain.signature import entity_key, signature_of, successor_signature
from graph.domain.tenancy import TenantScope

REKEY_NAMESPACE = uuid.UUID("6f1d3c52-9a4e-4b8e-8d0c-5a7e2f9b1c47")
IDS = ("user_id", "agent_id", "run_id")
MAX_HOPS = 64
"""Successor signatures followed to match a superseded record's (a longer chain than any
write makes; beyond it the signature is derived from the old one and the target)."""


@dataclass(frozen=True)
class Rename:
    """Restore the tenant `source` (the file's) as `target`."""

    source: TenantScope
    target: TenantScope

    def __post_init__(self) -> None:
        if self.source.group_id == self.target.group_id:
            raise InvalidInput("--as-user names the file's own tenant", field="as_user")

    @property
    def speaker(self) -> tuple[str, str]:
        """The name of the tenant's own entity in the file, and in the target."""
        return _speaker(self.source), _speaker(self.target)


@dataclass(frozen=True)
class Rekey:
    """The re-keying of one file's records (`Rename`), given every id the file holds."""

    rename: Rename
    ids: frozenset[str]

    def new_id(self, old: str) -> str:
        return str(uuid.uuid5(REKEY_NAMESPACE, f"{self.rename.target.group_id}/{old}"))

    def record(self, record: BaseModel) -> BaseModel:
        """The record as the target's (checked as the file's before)."""
        data = self._walk(record.model_dump(mode="json"))
        if isinstance(record, Entity):
            data = self._entity(data)
        elif isinstance(record, Fact):
            data = self._fact(record, data)
        elif isinstance(record, Candidate):
            data["fact"] = self._fact(record.fact, data["fact"])
        return type(record).model_validate(data)

    def _walk(self, value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: self._walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [self._walk(item) for item in value]
        if not isinstance(value, str):
            return value
        if key == "group_id" and value == self.rename.source.group_id:
            return self.rename.target.group_id
        if key in IDS and value == getattr(self.rename.source, key):
            return getattr(self.rename.target, key) or value
        return self.new_id(value) if value in self.ids else value

    def _entity(self, data: dict[str, Any]) -> dict[str, Any]:
        old, new = self.rename.speaker
        if data["normalized"] == entity_key(old):
            data |= {"name": new, "normalized": entity_key(new)}
        return data

    def _fact(self, original: Fact, data: dict[str, Any]) -> dict[str, Any]:
        old, new = self.rename.speaker
        for name, key in (("subject", "subject_key"), ("value", "value_key")):
            if data[key] == entity_key(old):
                data |= {name: new, key: entity_key(new)}
        mapped = Fact.model_validate(data)
        data["signature"] = self._signature(original, mapped)
        return data

    def _signature(self, original: Fact, mapped: Fact) -> str:
        """The signature `mapped` takes: as the file's record was signed (its own fields, or
        that many successor hops from them), with the target's fields."""
        was, becomes = signature_of(original), signature_of(mapped)
        for _ in range(MAX_HOPS):
            if was == original.signature:
                return becomes
            was, becomes = successor_signature(was), successor_signature(becomes)
        seed = f"rekey\x1f{self.rename.target.group_id}\x1f{original.signature}"
        return hashlib.sha256(seed.encode("utf-8")).hexdigest()


class FileIds:
    """What re-keying needs from a file, seen line by line in the restore's first pass: every
    record id it holds (lines that do not parse are the restore's to reject); refused at once
    when another entity already has the target user's name."""

    def __init__(self, rename: Rename) -> None:
        self.rename, self.ids = rename, set[str]()
        self._taken = entity_key(rename.speaker[1])

    def see(self, line: str | bytes) -> None:
        record = _record(line)
        for name in ("uuid", "event_id"):
            if isinstance(record.get(name), str):
                self.ids.add(record[name])
        source = self.rename.source.group_id
        if record.get("normalized") == self._taken and record.get("group_id") == source:
            raise InvalidInput(
                f"the file already has an entity named {self.rename.speaker[1]!r}: the user's"
                " own entity renamed to it would merge the two; restore as another user",
                field="as_user",
            )

    def rekey(self) -> Rekey:
        return Rekey(self.rename, frozenset(self.ids))


def _record(line: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return {}
    record = data.get("record") if isinstance(data, dict) else None
    return record if isinstance(record, dict) else {}


def _speaker(scope: TenantScope) -> str:
    """The name facts about the tenant itself carry (service/write/build.py `_speaker`)."""
    return scope.user_id or scope.agent_id or scope.run_id or "user"
