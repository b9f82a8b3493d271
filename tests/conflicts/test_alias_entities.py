"""One entity under its names across languages and spellings, through the real service on
both backends (issue 12, item 4; docs/write.md, "Entities: one node per entity"): a name the
alias table knows is the same value (a DUPLICATE, not an UPDATE) and the same entity node,
keyed on the canonical name, with the other names it was called as its aliases; the records
keep the words as said. Near names of distinct entities and ambiguous names stay apart.
"""

from __future__ import annotations

from typing import Any

import pytest

import extractors.aliases
from extractors.aliases import AliasTable
from graph.domain.model import Entity, Fact
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.clients.memory import Memory
from tests.support.reads import reads

GROUP = TenantScope(user_id="alice").group_id


def say(memory: Memory, text: str, when: str) -> dict[str, Any]:
    (result,) = memory.add(text, user_id="alice", observation_date=when)["results"]
    return result


def entity(store: Store, key: str) -> Entity | None:
    return reads(store).entities.get(GROUP, [key]).get(key)


def record(store: Store, fact_id: str) -> Fact:
    (found,) = store.read(lambda tx: tx.facts.get(GROUP, [fact_id]))
    return found


def values(memory: Memory, **filters: Any) -> list[str]:
    return [f["value"] for f in memory.facts(user_id="alice", **filters)["facts"]]


@pytest.mark.parametrize(
    ("first", "second", "key", "name", "said"),
    [
        ("我住在上海", "I live in Shanghai.", "shanghai", "上海", ["Shanghai"]),
        ("I live in Shanghai.", "我住在上海", "shanghai", "Shanghai", ["上海"]),
        ("I live in NYC.", "I live in New York City.", "new york city", "NYC", ["New York City"]),
        ("我住在德国", "I live in Deutschland.", "germany", "德国", ["Germany", "Deutschland"]),
    ],
)
def test_another_name_is_a_duplicate_of_one_value_and_one_entity(
    memory: Memory, store: Store, first: str, second: str, key: str, name: str, said: list[str]
) -> None:
    kept = say(memory, first, "2025-01-01")
    again = say(memory, second, "2025-01-01")
    assert (again["event"], again["id"]) == ("DUPLICATE", kept["id"])
    node = entity(store, key)
    assert node is not None and node.name == name and list(node.aliases) == said
    assert node.uuid == record(store, kept["id"]).object_uuid
    assert values(memory, predicate="lives_in") == [kept["fact"]["value"]]  # words as said


def test_a_subject_named_in_two_languages_aligns_on_one_entity(
    memory: Memory, store: Store
) -> None:
    english = say(memory, "Shanghai has 24 million people.", "2025-01-01")
    chinese = say(memory, "上海有2400万人口", "2025-06-01")
    one, other = record(store, english["id"]), record(store, chinese["id"])
    assert (one.subject_uuid, one.subject_key) == (other.subject_uuid, "shanghai")
    assert (one.subject, other.subject) == ("Shanghai", "上海")  # as said
    for asked in ("Shanghai", "上海", "상하이"):
        assert sorted(values(memory, subject=asked)) == ["24 million people", "2400万人口"]
    assert entity(store, "上海") is None


def test_a_subject_alias_said_at_the_same_time_is_a_duplicate(memory: Memory) -> None:
    kept = say(memory, "NYC is expensive.", "2025-01-01")
    again = say(memory, "New York City is expensive.", "2025-01-01")
    assert (again["event"], again["id"]) == ("DUPLICATE", kept["id"])


@pytest.mark.parametrize(
    ("first", "second", "keys"),
    [
        ("I live in Austria.", "I live in Australia.", ("austria", "australia")),
        ("I live in Niger.", "I live in Nigeria.", ("niger", "nigeria")),
        (
            "I live in Dominica.",
            "I live in the Dominican Republic.",
            ("dominica", "dominican republic"),
        ),
    ],
)
def test_a_near_name_of_another_entity_is_an_update(
    memory: Memory, store: Store, first: str, second: str, keys: tuple[str, str]
) -> None:
    kept = say(memory, first, "2025-01-01")
    moved = say(memory, second, "2025-06-01")
    assert moved["event"] == "UPDATE"
    assert values(memory, predicate="lives_in") == [moved["fact"]["value"]]
    assert values(memory, predicate="lives_in", as_of="2025-03") == [kept["fact"]["value"]]
    assert all(entity(store, key) is not None for key in keys)  # two nodes


def test_an_ambiguous_name_is_not_merged(memory: Memory, store: Store) -> None:
    """CLDR's French "Saint-Martin" names both halves of the island (Saint Martin, the French
    part, and Sint Maarten): the table leaves it out, so it is a value of its own."""
    say(memory, "I live in Sint Maarten.", "2025-01-01")
    moved = say(memory, "I live in Saint-Martin.", "2025-06-01")
    assert moved["event"] == "UPDATE"
    node = entity(store, "saint-martin")
    assert node is not None and node.aliases == ()


def test_a_hand_table_group_still_works(memory: Memory, store: Store) -> None:
    kept = say(memory, "I work at Alibaba.", "2025-01-01")
    later = say(memory, "我在阿里工作", "2025-06-01")
    assert (later["event"], later["id"]) == ("NOOP", kept["id"])
    node = entity(store, "alibaba")
    assert node is not None and list(node.aliases) == ["阿里"]


def test_an_entity_stored_under_its_said_name_before_is_still_found_and_used(
    memory: Memory, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store written before the table knew 上海 holds the node keyed `上海`: while it holds
    none keyed `shanghai`, that node stays the entity, for writes and reads."""
    monkeypatch.setattr(extractors.aliases, "default_aliases", lambda: AliasTable({}))
    _no_table(monkeypatch)
    before = say(memory, "上海有2400万人口", "2025-01-01")
    monkeypatch.undo()
    assert entity(store, "上海") is not None and entity(store, "shanghai") is None
    again = say(memory, "Shanghai has 24 million people.", "2025-06-01")
    old, new = record(store, before["id"]), record(store, again["id"])
    assert (new.subject_uuid, new.subject_key) == (old.subject_uuid, "上海")
    assert entity(store, "shanghai") is None
    node = entity(store, "上海")
    assert node is not None and list(node.aliases) == ["Shanghai"]
    assert sorted(values(memory, subject="Shanghai")) == ["24 million people", "2400万人口"]
    assert sorted(values(memory, subject="上海")) == ["24 million people", "2400万人口"]


def _no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The write as it was before the table knew any name (an older release's store)."""
    import service.entity_names
    import service.write.build

    empty = AliasTable({})
    for module in (service.write.build, service.entity_names):
        monkeypatch.setattr(module, "default_aliases", lambda: empty)


def test_the_graph_names_an_entity_as_the_facts_do(memory: Memory) -> None:
    """Issue 32, item 5: a user who says 北京 sees 北京 on the graph too, the table's name
    among its aliases; another tenant who said Beijing sees Beijing."""
    memory.add("我住在北京", user_id="li")
    memory.add("I live in Beijing.", user_id="sam")
    for user, said in (("li", "北京"), ("sam", "Beijing")):
        graph = memory.graph(user, user_id=user)
        assert [f["value"] for f in memory.facts(user_id=user)["facts"]] == [said]
        assert {n["name"] for n in graph["nodes"]} == {user, said}
