"""Which key a named entity has in a tenant's store, through the alias table (issue 12, item
4; docs/write.md, "Entities: one node per entity").

An entity is keyed on its canonical name's normal form (上海, Shanghai and 상하이 are the node
keyed `shanghai`). A store written before the table knew a name may hold the entity under
another of its names' keys (a node keyed `上海`); while it holds no node under the canonical
key, that older key stays the entity's key, for writes and reads alike, so old data is still
found and new facts align with it. A name outside the table has one key and costs no lookup;
names in the table cost one indexed `get_entities` for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from extractors.aliases import default_aliases
from graph.domain.model import Fact
from graph.domain.signature import signature_of
from graph.ports.store import StoreReads


def stored_keys(tx: StoreReads, group_id: str, names: Iterable[str]) -> dict[str, str]:
    """Name -> the key its entity has (or will have) in the tenant's store."""
    table = default_aliases()
    wanted = {name: table.keys(name) for name in names}
    asked = list(dict.fromkeys(k for keys in wanted.values() if len(keys) > 1 for k in keys))
    held = tx.entities.get(group_id, asked) if asked else {}
    return {name: _held(keys, held) for name, keys in wanted.items()}


def stored_key(tx: StoreReads, group_id: str, name: str) -> str:
    return stored_keys(tx, group_id, [name])[name]


def _held(keys: tuple[str, ...], held: Iterable[str]) -> str:
    """The canonical key, unless only another of the keys is held."""
    present = set(held)
    if keys[0] in present:
        return keys[0]
    return next((k for k in keys[1:] if k in present), keys[0])


def rekeyed(fact: Fact, subject_key: str) -> Fact:
    """`fact` about the entity keyed `subject_key` (its signature re-made with that key)."""
    if subject_key == fact.subject_key:
        return fact
    moved = fact.model_copy(update={"subject_key": subject_key})
    return moved.model_copy(update={"signature": signature_of(moved)})
