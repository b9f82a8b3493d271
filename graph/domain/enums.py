"""The typing enumerations of the design text (table 4-3) and the write-path vocabularies.

Every enumeration is a `StrEnum`, so values serialise as their plain strings, while the types
stay distinct: `MemoryType.REFLECTION` (a kind of memory) and `MemoryLayer.REFLECTIVE` (the layer
a memory sits in) are different types, and mixing them up is a type error, not an empty result.
"""

from __future__ import annotations

from enum import StrEnum


class MemoryType(StrEnum):
    """What kind of thing a memory is (13 values: 8 kinds plus 5 bookkeeping values)."""

    SEMANTIC = "semantic"
    EPISODIC = "episodic"
    PROCEDURAL = "procedural"
    PREFERENCE = "preference"
    LESSON = "lesson"
    IDENTITY = "identity"
    REFLECTION = "reflection"
    STRATEGY = "strategy"
    TODO = "todo"
    NOTE = "note"
    SESSION = "session"
    FACT = "fact"
    EVENT = "event"


class MemoryLayer(StrEnum):
    """The layer a memory sits in; decides where consolidation starts and ends."""

    WORKING = "working"
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"
    REFLECTIVE = "reflective"


class FactType(StrEnum):
    """The epistemic kind of an assertion; decides which records are comparable in conflicts."""

    FACT = "fact"
    OPINION = "opinion"
    BELIEF = "belief"
    OBSERVATION = "observation"
    INFERENCE = "inference"
    HYPOTHESIS = "hypothesis"


class SourceType(StrEnum):
    """Where an assertion came from; decides initial confidence, admission and authority."""

    USER = "user"
    SYSTEM = "system"
    INFERENCE = "inference"
    WEB_SEARCH = "web_search"
    FILE = "file"
    AGENT_GENERATED = "agent_generated"
    EXTERNAL = "external"


class VerifyStatus(StrEnum):
    """A signal to readers: may this record be used as a fact?"""

    UNVERIFIED = "unverified"
    VERIFIED = "verified"
    CONTRADICTED = "contradicted"
    OUTDATED = "outdated"
    SUPERSEDED = "superseded"


class WriteEvent(StrEnum):
    """What one write did with one extracted fact."""

    ADD = "ADD"
    DUPLICATE = "DUPLICATE"
    UPDATE = "UPDATE"
    NOOP = "NOOP"
    KEEP_BOTH = "KEEP_BOTH"


class ConflictType(StrEnum):
    """The six classes of table 4-4, plus NONE for aligned records that do not conflict."""

    NONE = "none"
    TEMPORAL_UPDATE = "temporal_update"
    PREFERENCE_CHANGE = "preference_change"
    SCOPE_DIFFERENCE = "scope_difference"
    PRECISION_DIFFERENCE = "precision_difference"
    LOGICAL_CONTRADICTION = "logical_contradiction"
    SOURCE_CONFLICT = "source_conflict"


class OperationStatus(StrEnum):
    """Lifecycle of one asynchronous write in the durable operation log."""

    PENDING = "PENDING"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


class Granularity(StrEnum):
    """How precisely a resolved time is known; a year is not a day."""

    INSTANT = "instant"
    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    QUARTER = "quarter"
    YEAR = "year"


class Modality(StrEnum):
    """What a record's body is: language, or only a reference to media."""

    TEXT = "text"
    IMAGE = "image"
    AUDIO = "audio"
    FILE = "file"
    MIXED = "mixed"


class Role(StrEnum):
    """Who spoke a turn."""

    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"
    TOOL = "tool"


class Cardinality(StrEnum):
    """Whether a predicate holds one value at a time (lives_in) or many (likes)."""

    SINGLE = "single"
    MULTI = "multi"
