"""add(): from any input to typed, dated, deduplicated, ledgered facts. Both backends."""

from __future__ import annotations

from typing import Any

import pytest

from graph.domain.errors import InvalidInput, InvalidTime, PayloadTooLarge
from graph.domain.model import Episode, Fact
from graph.domain.tenancy import TenantScope
from graph.ports.facts import FactFilter, FactQuery
from service.clients.memory import Memory
from tests.conftest import T0
from tests.support.reads import reads

ALICE = TenantScope(user_id="alice").group_id


def facts_of(memory: Memory, user: str = "alice", **flt: Any) -> list[Fact]:
    group = TenantScope(user_id=user).group_id
    query = FactQuery(FactFilter(**flt), include_history=True, limit=1000)
    return reads(memory.container.store).facts.find(group, query, T0)


def events(out: dict[str, Any]) -> list[str]:
    return [r["event"] for r in out["results"]]


def test_the_design_text_minimal_write(memory: Memory) -> None:
    out = memory.add("I moved to Berlin in 2023.", user_id="alice", observation_date="2023-06-01")
    (result,) = out["results"]
    assert result["event"] == "ADD"
    assert result["categories"] == ["location"]
    assert result["memory"] == "I moved to Berlin in 2023"
    fact = result["fact"]
    assert (fact["subject"], fact["predicate"], fact["value"]) == ("alice", "lives_in", "Berlin")
    assert (fact["valid_at"], fact["valid_granularity"]) == ("2023-01-01T00:00:00+00:00", "year")
    assert fact["created_at"].startswith("2026-11-29")


def test_one_passage_gives_independent_facts_with_a_resolved_time(memory: Memory) -> None:
    text = "Last month I moved my desk to the 17th floor and left the 3rd floor to the intern"
    out = memory.add(text, user_id="alice")
    facts = [r["fact"] for r in out["results"]]
    assert [(f["predicate"], f["value"]) for f in facts] == [
        ("desk", "17th floor"),
        ("gave_away", "3rd floor"),
    ]
    assert {(f["valid_at"], f["valid_granularity"]) for f in facts} == {
        ("2026-10-01T00:00:00+00:00", "month")
    }


def test_chinese_input_is_extracted_and_stored(memory: Memory) -> None:
    out = memory.add("我住在北京，我的显卡是RTX 4090。", user_id="alice")
    pairs = {(r["fact"]["predicate"], r["fact"]["value"]) for r in out["results"]}
    assert pairs == {("lives_in", "北京"), ("graphics_card", "RTX 4090")}


def test_an_exact_repeat_is_a_duplicate_and_writes_nothing(memory: Memory) -> None:
    first = memory.add("I like green tea", user_id="alice")
    ledger_before = memory.verify_ledger(user_id="alice")["length"]
    again = memory.add("I like green tea", user_id="alice")
    assert events(again) == ["DUPLICATE"]
    assert again["results"][0]["id"] == first["results"][0]["id"]
    assert len(facts_of(memory, subject_key="alice")) == 1
    assert memory.verify_ledger(user_id="alice")["length"] == ledger_before + 1  # the ingest only


def test_friday_and_its_iso_date_collide_other_scopes_do_not(memory: Memory) -> None:
    first = memory.add("I visited the dentist on Friday", user_id="alice")
    (fact,) = [r["fact"] for r in first["results"]]
    assert fact["valid_at"] == "2026-11-27T00:00:00+00:00"
    same = memory.add("I visited the dentist on 2026-11-27", user_id="alice")
    assert events(same) == ["DUPLICATE"]
    other = memory.add("I visited the dentist on Friday", user_id="alice", project="atlas")
    assert events(other) == ["ADD"]
    assert other["results"][0]["fact"]["scope"] == "atlas"


def test_a_restatement_on_another_day_is_a_noop(memory: Memory) -> None:
    memory.add("I like green tea", user_id="alice", observation_date="2026-11-01")
    again = memory.add("I like green tea", user_id="alice", observation_date="2026-11-20")
    assert events(again) == ["NOOP"]
    assert len(facts_of(memory)) == 1


def test_a_temporal_update_closes_the_old_record_and_links_the_new(memory: Memory) -> None:
    memory.add("customer has unsubscribed", user_id="alice", observation_date="2025-11-10")
    out = memory.add("customer has resubscribed", user_id="alice", observation_date="2026-02-03")
    (result,) = out["results"]
    assert result["event"] == "UPDATE"
    (conflict,) = result["conflicts"]
    assert (conflict["conflict_type"], conflict["executed"]) == ("temporal_update", True)
    old, new = sorted(facts_of(memory, subject_key="customer"), key=lambda f: f.valid_at)
    assert (old.value, new.value) == ("cancelled", "active")
    assert old.superseded_by == new.uuid and new.supersedes == old.uuid
    assert old.invalid_at == new.valid_at and old.expired_at is None


def test_every_fact_carries_its_embedding_computed_once(memory: Memory, embedder: Any) -> None:
    memory.add("I speak French and Japanese", user_id="alice")
    facts = [f for f in memory.container.store.export(ALICE) if isinstance(f, Fact)]
    assert len(facts) == 2
    for fact in facts:
        assert fact.fact_embedding is not None and len(fact.fact_embedding) == 512
        assert fact.fact_embedding == pytest.approx(embedder.embed([fact.fact])[0], abs=1e-6)
    hits = reads(memory.container.store).search.vector(ALICE, facts[0].fact_embedding, 1, None, T0)
    assert hits[0].uuid == facts[0].uuid


def test_every_write_action_is_ledgered_and_verifies(memory: Memory) -> None:
    memory.add("I live in Rome. I like jazz.", user_id="alice")
    memory.add("I live in Oslo now.", user_id="alice")
    verdict = memory.verify_ledger(user_id="alice")
    assert (verdict.ok, verdict.length, verdict.first_bad_seq, verdict.record) == (
        True,
        5,
        None,
        None,
    )
    assert verdict.head is not None and verdict.head.startswith("5:")


def test_infer_false_stores_turns_verbatim(memory: Memory) -> None:
    turns = [
        {"role": "user", "content": "hello there, nice day"},
        {"role": "assistant", "content": "Hello! How can I help?"},
    ]
    out = memory.add(turns, user_id="alice", agent_id="helper", infer=False)
    facts = [r["fact"] for r in out["results"]]
    assert [(f["subject"], f["predicate"], f["value"]) for f in facts] == [
        ("alice", "said", "hello there, nice day"),
        ("helper", "said", "Hello! How can I help?"),
    ]
    assert {f["memory_type"] for f in facts} == {"episodic"}


def test_verbatim_messages_coexist_and_still_meet_their_repeats_and_other_scopes(
    memory: Memory,
) -> None:
    """A write reads only the records bearing on a message (its value, other scopes), and
    answers as if it had read every one of the speaker's messages."""
    memory.add("see you at noon", user_id="alice", project="atlas", infer=False)
    for text in ("good morning", "see you at noon", "how are you"):
        assert events(memory.add(text, user_id="alice", infer=False)) == ["ADD"]
    again = memory.add("see you at noon", user_id="alice", observation_date="2026-11-20",
                       infer=False)  # fmt: skip
    assert events(again) == ["NOOP"]
    other = memory.add("see you at noon, maybe", user_id="alice", infer=False)
    (result,) = other["results"]
    assert result["event"] == "ADD"
    assert [c["conflict_type"] for c in result["conflicts"]] == ["scope_difference"]
    assert len(facts_of(memory, subject_key="alice")) == 5


def test_assistant_confirmed_actions_become_facts(memory: Memory) -> None:
    turns = [
        {"role": "user", "content": "Please save the report"},
        {"role": "assistant", "content": "I have saved the file to /tmp/x"},
    ]
    out = memory.add(turns, user_id="alice", agent_id="helper")
    facts = [r["fact"] for r in out["results"]]
    assert any(f["subject"] == "helper" and "/tmp/x" in f["value"] for f in facts)


def test_media_stay_on_the_text_they_accompany_and_media_only_turns_are_kept(
    memory: Memory,
) -> None:
    out = memory.add(
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "My new desk."},
                    {"type": "image_url", "image_url": {"url": "https://example.com/desk.jpg"}},
                ],
            }
        ],
        user_id="alice",
    )
    (with_text,) = out["results"]
    assert with_text["memory"] == "My new desk."
    assert with_text["fact"]["media_refs"] == ["https://example.com/desk.jpg"]
    only = memory.add(
        [
            {
                "role": "user",
                "content": [
                    {
                        "type": "image",
                        "source": {"type": "url", "url": "https://example.com/plate.png"},
                    },
                ],
            }
        ],
        user_id="alice",
    )
    (media,) = only["results"]
    assert (media["fact"]["modality"], media["fact"]["media_refs"]) == (
        "image",
        ["https://example.com/plate.png"],
    )


def test_unrecognised_parts_are_kept_with_an_alert(memory: Memory) -> None:
    out = memory.add(
        [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "I live in Lisbon"},
                    {"type": "hologram", "beam": 3},
                ],
            }
        ],
        user_id="alice",
    )
    assert [a["kind"] for a in out["alerts"]] == ["unrecognised_part"]
    assert out["results"][0]["fact"]["media_refs"]


def test_options_reach_the_record(memory: Memory) -> None:
    out = memory.add(
        "My invoice number is INV-2024-001",
        user_id="alice",
        immutable=True,
        metadata={"message_id": "m-42"},
        source_type="file",
        memory_type="note",
        knowledge_time="2026-01-05",
        timestamp="2026-01-06T09:00:00Z",
    )
    fact = out["results"][0]["fact"]
    assert fact["value"] == "INV-2024-001"
    assert fact["immutable"] is True
    assert fact["metadata"] == {"message_id": "m-42"}
    assert (fact["source_type"], fact["memory_type"], fact["layer"]) == ("file", "note", "working")
    assert fact["knowledge_time"] == "2026-01-05T00:00:00+00:00"
    assert fact["created_at"] == "2026-01-06T09:00:00+00:00"
    assert fact["confidence"] <= 0.85


def test_includes_and_excludes_filter_after_extraction(memory: Memory) -> None:
    text = "I live in Madrid. I like chess. I speak Basque."
    kept = memory.add(text, user_id="alice", includes=["chess", "basque"], excludes=["basque"])
    assert [r["fact"]["value"] for r in kept["results"]] == ["chess"]


def test_source_type_decides_initial_confidence(memory: Memory) -> None:
    user = memory.add("I live in Porto", user_id="u1")["results"][0]["fact"]["confidence"]
    other = memory.add("I live in Porto", user_id="u2", source_type="external")
    assert other["results"][0]["fact"]["confidence"] == 0.6 < user
    web = memory.add("I live in Porto", user_id="u3", source_type="web_search")
    assert web["results"] == [] and web["candidates"][0]["fact"]["confidence"] == 0.5


@pytest.mark.parametrize(
    ("kwargs", "error", "field"),
    [
        ({"messages": ""}, InvalidInput, "messages"),
        ({"messages": [{"role": "pirate", "content": "arr"}]}, InvalidInput, "messages[0].role"),
        ({"messages": 42}, InvalidInput, "messages"),
        ({"messages": "hi", "observation_date": "yesterday-ish"}, InvalidTime, "observation_date"),
        ({"messages": "hi", "timestamp": "2031-01-01T00:00:00Z"}, InvalidTime, "timestamp"),
        ({"messages": "hi", "source_type": "gossip"}, InvalidInput, "source_type"),
        ({"messages": "hi", "memory_type": "reflective"}, InvalidInput, "memory_type"),
        ({"messages": "hi", "unknown_option": 1}, InvalidInput, "unknown_option"),
        ({"messages": "x" * 300_000}, PayloadTooLarge, "messages"),
    ],
)
def test_bad_input_names_the_field_and_writes_nothing(
    memory: Memory, kwargs: dict[str, Any], error: type[Exception], field: str
) -> None:
    options = dict(kwargs)
    messages = options.pop("messages")
    with pytest.raises(error) as info:
        memory.add(messages, user_id="alice", **options)
    assert getattr(info.value, "field", None) == field
    assert list(memory.container.store.export(ALICE)) == []


def test_a_missing_tenant_is_rejected(memory: Memory) -> None:
    with pytest.raises(InvalidInput) as info:
        memory.add("I live in Rome")
    assert info.value.field == "user_id"


def test_episodes_hold_the_sanitised_turns(memory: Memory) -> None:
    memory.add([{"role": "user", "content": "I live in Kyoto", "id": "msg-1"}], user_id="alice")
    (episode,) = [r for r in memory.container.store.export(ALICE) if isinstance(r, Episode)]
    assert (episode.content, episode.name) == ("I live in Kyoto", "msg-1")
    assert episode.role.value == "user"
    (fact,) = facts_of(memory)
    assert fact.episode_id == episode.uuid
    assert fact.subject_uuid in episode.entity_uuids


def test_a_value_restated_any_number_of_times_stays_writable(memory: Memory) -> None:
    """Issue 13 item 2: alternating two values for one user used to fail from the 33rd write
    on (each restatement walks a longer signature chain; the walk had a fixed limit)."""
    cities = ["Oslo", "Rome"] * 30
    for n, city in enumerate(cities):
        out = memory.add(f"I live in {city}", user_id="alice", observation_date="2026-11-01")
        assert events(out) == (["ADD"] if n == 0 else ["UPDATE"]), (n, out)
    every = facts_of(memory, predicate="lives_in")
    assert len(every) == 60
    assert len({f.signature for f in every}) == 60
    now = memory.container.clock.now()
    current = [f for f in every if f.expired_at is None and f.superseded_by is None]
    assert [f.value for f in current] == ["Rome"]
    group = TenantScope(user_id="alice").group_id
    believed = reads(memory.container.store).facts.find(group, FactQuery(limit=10), now)
    assert [f.value for f in believed] == ["Rome"]
    again = memory.add("I live in Rome", user_id="alice", observation_date="2026-11-01")
    assert events(again) == ["DUPLICATE"]
    assert memory.verify_ledger(user_id="alice")["ok"]
