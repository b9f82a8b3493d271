"""How many records one read may ask for."""

from __future__ import annotations

from graph.domain.errors import InvalidInput

MAX_LIMIT = 1000


def check_limit(limit: int) -> None:
    """InvalidInput unless 1 <= limit <= MAX_LIMIT."""
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"limit must be between 1 and {MAX_LIMIT}", field="limit")
