"""The one error vocabulary of the project. Every layer raises these; adapters translate
third-party exceptions into them at their boundary (``raise ... from exc``); the API maps each
class to one HTTP status through one table.

    PalimpsestError                 code=internal
    ├── InvalidInput                code=invalid_input        (fixable; names the field)
    │   ├── InvalidTime             code=invalid_time
    │   └── PayloadTooLarge         code=payload_too_large
    ├── Unauthorized                code=unauthorized
    ├── Forbidden                   code=forbidden            (another tenant's data)
    ├── MisdirectedRequest          code=misdirected_request  (a Host this service is not)
    ├── NotFound                    code=not_found
    ├── ConflictError               code=conflict
    │   ├── DuplicateRecord         code=duplicate_record     (a unique key already holds a record)
    │   ├── LedgerHeadMoved         code=ledger_head_moved    (lost the chain-head race)
    │   ├── LeaseLost               code=lease_lost           (another worker took the operation)
    │   └── ImmutableRecord         code=immutable_record
    ├── StoreError                  code=store_error          (a bug or a corrupt store)
    │   ├── StoreUnavailable        code=store_unavailable    (transient: retry later; nothing lost)
    │   └── StoreTooNew             code=store_too_new        (written by a newer version: upgrade)
    └── ExtractorError              code=extractor_error      (an optional model extractor failed)
"""

from __future__ import annotations

from typing import Any, ClassVar


class PalimpsestError(Exception):
    """Base of every error the project raises on purpose."""

    code: ClassVar[str] = "internal"

    def __init__(self, message: str, *, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = details or {}


class InvalidInput(PalimpsestError):
    """Bad input the caller can fix. `field` names the offending field (dotted path)."""

    code: ClassVar[str] = "invalid_input"

    def __init__(
        self, message: str, *, field: str | None = None, details: dict[str, Any] | None = None
    ) -> None:
        merged = dict(details or {})
        if field is not None:
            merged.setdefault("field", field)
        super().__init__(message, details=merged)
        self.field = field


class InvalidTime(InvalidInput):
    """A date or time that cannot be parsed, is naive, or breaks an ordering rule."""

    code: ClassVar[str] = "invalid_time"


class PayloadTooLarge(InvalidInput):
    """A body or a field over its configured limit."""

    code: ClassVar[str] = "payload_too_large"


class Unauthorized(PalimpsestError):
    """Authentication is on and no valid API key was given."""

    code: ClassVar[str] = "unauthorized"


class Forbidden(PalimpsestError):
    """The caller asked for a tenant its key does not grant."""

    code: ClassVar[str] = "forbidden"


class MisdirectedRequest(PalimpsestError):
    """A request naming a host this service does not answer for (its `Host` header): a page
    that rebound a name of its own to this machine's address (DNS rebinding)."""

    code: ClassVar[str] = "misdirected_request"


class NotFound(PalimpsestError):
    """No such record in the caller's tenant (another tenant's ids are also 'not found')."""

    code: ClassVar[str] = "not_found"


class ConflictError(PalimpsestError):
    """The request is valid but collides with the store's current state."""

    code: ClassVar[str] = "conflict"


class DuplicateRecord(ConflictError):
    """A uniqueness rule (uuid, signature, idempotency key) already holds a record."""

    code: ClassVar[str] = "duplicate_record"


class LedgerHeadMoved(ConflictError):
    """Another writer appended to the tenant's ledger first; re-read the head and retry."""

    code: ClassVar[str] = "ledger_head_moved"


class LeaseLost(ConflictError):
    """A worker finishing an operation it no longer holds: its lease ran out and another
    worker claimed it (or finished it). The finishing transaction must write nothing."""

    code: ClassVar[str] = "lease_lost"


class ImmutableRecord(ConflictError):
    """The target record was written with immutable=True and cannot be superseded."""

    code: ClassVar[str] = "immutable_record"


class StoreError(PalimpsestError):
    """The store failed in a way the caller cannot fix."""

    code: ClassVar[str] = "store_error"


class StoreUnavailable(StoreError):
    """The store cannot be reached now. Transient; nothing already committed is lost."""

    code: ClassVar[str] = "store_unavailable"


class StoreTooNew(StoreError):
    """The store's schema is newer than this code: a newer version wrote it. Opening it anyway
    could write records that version cannot read, so the store is refused; upgrade the code."""

    code: ClassVar[str] = "store_too_new"


class ExtractorError(PalimpsestError):
    """An optional extractor (an LLM endpoint) failed or answered nonsense. Nothing was written."""

    code: ClassVar[str] = "extractor_error"


ALL_ERRORS: tuple[type[PalimpsestError], ...] = (
    PalimpsestError,
    InvalidInput,
    InvalidTime,
    PayloadTooLarge,
    Unauthorized,
    Forbidden,
    MisdirectedRequest,
    NotFound,
    ConflictError,
    DuplicateRecord,
    LedgerHeadMoved,
    LeaseLost,
    ImmutableRecord,
    StoreError,
    StoreUnavailable,
    StoreTooNew,
    ExtractorError,
)
