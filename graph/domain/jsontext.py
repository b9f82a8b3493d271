"""JSON text by an encoder made once: what `json.JSONEncoder(...).encode` makes, sooner.

The standard library's `encode` builds its C encoder anew on every call (and a table of the
containers it is inside, to refuse a circular value): about 1.5 microseconds of Python per
call, three quarters of encoding a short list. A write encodes some twenty small values per
message (ledger digests and hashes, id lists, record columns, the receipt), so `encoder`
builds the C encoder once per set of options and calls it directly. The text is the same;
a circular value (none of ours is) raises RecursionError instead of ValueError. Without the
C accelerator, the encoder's own `encode` is used.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as stdlib
from typing import Any

Encode = Callable[[Any], str]


def encoder(
    *,
    sort_keys: bool = False,
    separators: tuple[str, str] = (", ", ": "),
    ensure_ascii: bool = True,
    default: Callable[[Any], Any] | None = None,
) -> Encode:
    """`json.JSONEncoder(...).encode` with these options (as `json.dumps` takes them)."""
    plain = json.JSONEncoder(
        sort_keys=sort_keys,
        separators=separators,
        ensure_ascii=ensure_ascii,
        default=default,
        check_circular=False,
    )
    make: Any = getattr(stdlib, "c_make_encoder", None)  # the C accelerator, when built
    if make is None:
        return plain.encode
    strings = stdlib.encode_basestring_ascii if ensure_ascii else stdlib.encode_basestring
    item, key = separators
    chunks = make(None, plain.default, strings, None, key, item, sort_keys, False, True)

    def encode(value: Any) -> str:
        return "".join(chunks(value, 0))

    return encode
