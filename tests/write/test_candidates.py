"""The candidate stage: promotion rules per type, the review queue, everything ledgered."""

from __future__ import annotations

from typing import Any

import pytest

from graph.domain.errors import ConflictError, InvalidInput, NotFound
from graph.domain.model import Entity, Fact
from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory

ALICE = TenantScope(user_id="alice").group_id


def stored(memory: Memory) -> list[Any]:
    return list(memory.container.store.export(ALICE))


def test_an_explicit_request_to_remember_is_promoted_at_once(memory: Memory) -> None:
    out = memory.add(
        "Please remember that I prefer email for this project", user_id="alice", project="atlas"
    )
    (result,) = out["results"]
    fact = result["fact"]
    assert (fact["subject"], fact["predicate"], fact["value"]) == ("alice", "prefers", "email")
    assert out["candidates"] == []


def test_a_remark_about_someone_elses_health_is_never_stored_as_theirs(memory: Memory) -> None:
    out = memory.add("Bob has been sick lately and prefers to work from home", user_id="alice")
    assert out["results"] == []
    assert {(c["status"], c["rule"]) for c in out["candidates"]} == {("rejected", "third_party")}
    assert all("health" in c["reason"] for c in out["candidates"])
    records = stored(memory)
    assert not [r for r in records if isinstance(r, Fact)]
    assert not [r for r in records if isinstance(r, Entity) and r.normalized == "bob"]
    audit = memory.candidates(user_id="alice", status="rejected")["candidates"]
    assert len(audit) == len(out["candidates"])


@pytest.mark.parametrize(
    "text",
    [
        "Katherine works at Access Now",
        "Tom works at Boston Children's Hospital",
        "Dana lives in Illinois",
        "Omar plays for Roots United",
    ],
)
def test_a_topic_word_inside_a_name_is_not_a_remark_about_that_topic(
    memory: Memory, text: str
) -> None:
    """A third party's employer, team or home whose name holds a sensitive word (access,
    hospital, ill..., root) is a fact about them, not a remark about their access or health."""
    out = memory.add(text, user_id="alice")
    assert [r["event"] for r in out["results"]] == ["ADD"]
    assert out["candidates"] == []


def test_a_lowercase_topic_word_about_a_third_party_is_still_held_back(memory: Memory) -> None:
    out = memory.add("Bob needs root access to the VPN", user_id="alice")
    assert out["results"] == []
    assert {c["rule"] for c in out["candidates"]} == {"third_party"}


def test_production_ownership_waits_for_a_system_event_or_a_reviewer(memory: Memory) -> None:
    text = "The owner of the production payments service is Zhang San"
    held = memory.add(text, user_id="alice")
    assert held["results"] == []
    (candidate,) = held["candidates"]
    assert (candidate["status"], candidate["rule"]) == ("pending", "high_consequence")
    system = memory.add(text, user_id="bob", source_type="system")
    assert [r["event"] for r in system["results"]] == ["ADD"]
    assert memory.add("The owner of project A is Zhang San", user_id="carol")["results"]


def test_retrieved_and_agent_generated_text_waits_for_review(memory: Memory) -> None:
    for source in ("web_search", "agent_generated"):
        out = memory.add("Atlas supports SAML", user_id="alice", source_type=source)
        assert out["results"] == [] and out["candidates"][0]["rule"] == "source_review"
    pending = memory.candidates(user_id="alice")["candidates"]
    assert len(pending) == 2


def test_confirming_promotes_through_the_conflict_path_and_rejecting_keeps_it_out(
    memory: Memory,
) -> None:
    memory.add("Atlas supports SAML", user_id="alice")
    web = memory.add("Atlas does not support SAML", user_id="alice", source_type="web_search")
    agent = memory.add("Atlas supports LDAP", user_id="alice", source_type="agent_generated")
    (first,) = web["candidates"]
    (second,) = agent["candidates"]
    promoted = memory.confirm_candidate(first["id"], user_id="alice")
    assert [r["event"] for r in promoted["results"]] == ["KEEP_BOTH"]
    rejected = memory.reject_candidate(second["id"], user_id="alice", reason="hallucinated")
    assert (rejected["status"], rejected["reason"]) == ("rejected", "hallucinated")
    assert memory.candidates(user_id="alice")["candidates"] == []
    done = memory.candidates(user_id="alice", status="promoted")["candidates"]
    assert [c["promoted_id"] for c in done] == [promoted["results"][0]["id"]]
    with pytest.raises(ConflictError):
        memory.confirm_candidate(first["id"], user_id="alice")
    with pytest.raises(NotFound):
        memory.confirm_candidate(second["id"], user_id="mallory")
    with pytest.raises(InvalidInput):
        memory.candidates(user_id="alice", status="maybe")
    assert memory.verify_ledger(user_id="alice")["ok"]


def test_a_record_outside_the_permitted_scope_is_rejected(memory: Memory) -> None:
    out = memory.add("The owner of project B is Li Si", user_id="alice", project="atlas")
    assert out["results"] == []
    assert [(c["status"], c["rule"]) for c in out["candidates"]] == [("rejected", "out_of_scope")]


def test_every_record_says_which_rules_made_it(memory: Memory) -> None:
    (result,) = memory.add("I live in Lima", user_id="alice")["results"]
    assert result["fact"]["policy_version"] == memory.container.writes.rules.version
    assert result["fact"]["extraction_version"].startswith("rules-1")
