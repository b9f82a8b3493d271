"""The conflict methods of the Python client (`Memory.conflict_resolve`, `audit`, ...)."""

from __future__ import annotations


class ConflictMethods:
    """Mixed into `service.memory.Memory`; `self.container` is the composition root."""
