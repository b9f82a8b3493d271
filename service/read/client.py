"""The read methods of the Python client (`Memory.facts`, `Memory.search`, ...)."""

from __future__ import annotations


class ReadMethods:
    """Mixed into `service.memory.Memory`; `self.container` is the composition root."""
