"""The operation a GraphQL or MCP request ran, for its metrics label (service/http/metrics.py).

Both surfaces answer on one route each, so the route alone would lump every query or tool
together; they name their operation in the request's ASGI scope under `OPERATION`. A name comes
from a fixed set (the schema's root fields, the server's tools) or is `other`, so no request can
add a label.
"""

from __future__ import annotations

from collections.abc import Collection, MutableMapping
from typing import Any

OPERATION = "palimpsest.operation"
OTHER = "other"
MULTIPLE = "multiple"


def name_operation(
    scope: MutableMapping[str, Any] | None, names: Collection[str], known: Collection[str]
) -> None:
    """Put the operation's label in `scope`: the one name of `names` (the root fields or tool a
    request ran) when it is `known`, `multiple` for several, `other` otherwise."""
    if scope is None:
        return
    distinct = set(names)
    if len(distinct) > 1:
        scope[OPERATION] = MULTIPLE
        return
    name = next(iter(distinct), OTHER)
    scope[OPERATION] = name if name in known else OTHER
