"""GraphQL at /graphql: the REST use cases and the REST error codes, on both backends."""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graph.domain import errors
from service.clients.memory import Memory
from service.errors import STATUS, body_for, status_for
from service.graphql import types
from service.read import facts as fact_cases
from tests.read.stories import correction_story, import_story, only_fact, subscription_story


def gql(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    response = client.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def data(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    answer = gql(client, query, **variables)
    assert "errors" not in answer, answer
    found: dict[str, Any] = answer["data"]
    return found


def error_of(client: TestClient, query: str, **variables: Any) -> dict[str, Any]:
    answer = gql(client, query, **variables)
    (error,) = answer["errors"]
    found: dict[str, Any] = error
    return found


FACTS = """query($user: String!, $subject: String, $predicate: String, $asOf: String,
                 $knownAt: String) {
  facts(userId: $user, subject: $subject, predicate: $predicate, asOf: $asOf, knownAt: $knownAt)
  { id value verifyStatus supersededBy supersedes validAt expiredAt }
}"""

SEARCH = """query($q: String!, $user: String!, $asOf: String, $history: Boolean) {
  search(q: $q, userId: $user, asOf: $asOf, includeHistory: $history, limit: 5)
  { id memory score verifyStatus disputed supersededBy channels fact { value disputed } }
}"""


def values(rows: list[dict[str, Any]]) -> list[str]:
    return [row["value"] for row in rows]


def test_the_subscription_story_through_graphql(memory: Memory, client: TestClient) -> None:
    story = subscription_story(memory)
    now = data(client, FACTS, user="acme", subject="customer")["facts"]
    assert values(now) == ["active"]
    december = data(client, FACTS, user="acme", subject="customer", asOf="2025-12")["facts"]
    assert values(december) == ["cancelled"]
    assert december[0]["supersededBy"] == story["active"]["id"]
    hits = data(client, SEARCH, q="Is the customer subscribed?", user="acme", asOf="2025-12")
    assert [h["fact"]["value"] for h in hits["search"]] == ["cancelled"]
    assert hits["search"][0]["verifyStatus"] == "superseded"


def test_as_of_2024_and_known_at_through_graphql(memory: Memory, client: TestClient) -> None:
    import_story(memory)
    lived = data(client, FACTS, user="alice", predicate="lives_in", asOf="2024")["facts"]
    assert values(lived) == ["Berlin"]
    assert values(data(client, FACTS, user="alice", predicate="lives_in")["facts"]) == ["Paris"]
    correction_story(memory, user="carol")
    before = data(client, FACTS, user="carol", predicate="birthday", knownAt="2026-03-02")
    assert values(before["facts"]) == ["May 4"]


def test_history_lists_the_version_chain(memory: Memory, client: TestClient) -> None:
    subscription_story(memory)
    answer = data(
        client,
        """{ history(userId: "acme", name: "Customer") {
              entity chains { predicate scope versions { value verifyStatus } } } }""",
    )["history"]
    (chain,) = answer["chains"]
    assert chain["predicate"] == "subscription_status"
    assert values(chain["versions"]) == ["cancelled", "active"]


def test_mutations_add_and_read_back(memory: Memory, client: TestClient) -> None:
    added = data(
        client,
        """mutation($text: JSON!) { addMemory(input: {messages: $text, userId: "alice",
              observationDate: "2023-06-01"}) {
              results { id event memory categories fact { predicate value validAt } conflicts {
              action } } alerts { kind } } }""",
        text="I moved to Berlin in 2023.",
    )["addMemory"]
    (result,) = added["results"]
    assert (result["event"], result["fact"]["value"]) == ("ADD", "Berlin")
    assert result["fact"]["validAt"].startswith("2023-01-01")
    batch = data(
        client,
        """mutation { addMemories(items: [{messages: "I like tea", userId: "alice"},
              {messages: "I like jazz", userId: ""}]) { index results { event } error } }""",
    )["addMemories"]
    assert batch[0]["results"][0]["event"] == "ADD"
    assert batch[1]["error"]["code"] == "invalid_input"
    queued = data(
        client,
        """mutation { addMemory(input: {messages: "I live in Rome", userId: "alice"},
              mode: "async") { eventId status } }""",
    )["addMemory"]
    assert queued["status"] == "PENDING"
    operation = data(
        client,
        'query($id: String!) { operation(eventId: $id, userId: "alice") { eventId status } }',
        id=queued["eventId"],
    )["operation"]
    assert operation == {"eventId": queued["eventId"], "status": "PENDING"}
    assert data(client, '{ ledgerVerify(userId: "alice") { ok firstBadSeq } }') == {
        "ledgerVerify": {"ok": True, "firstBadSeq": None}
    }


def test_resolve_conflict_and_rollback(memory: Memory, client: TestClient) -> None:
    story = subscription_story(memory)
    plan = data(
        client,
        """mutation { resolveConflict(userId: "acme", content: "The customer has unsubscribed.")
              { plan { action conflictType targetId reason } executed } }""",
    )["resolveConflict"]
    assert plan["executed"] is False
    assert plan["plan"][0]["targetId"] == story["active"]["id"]
    undone = data(
        client,
        """mutation($id: String!) { rollback(userId: "acme", factId: $id)
              { rolledBack facts { id value } } }""",
        id=story["active"]["id"],
    )["rollback"]
    assert undone["rolledBack"] == story["active"]["id"]


def test_another_tenants_ids_are_not_found(memory: Memory, client: TestClient) -> None:
    theirs = only_fact(memory.add("I live in Rome.", user_id="bob"))
    event = memory.add("I live in Oslo.", user_id="bob")["event_id"]
    error = error_of(
        client,
        'query($id: String!) { operation(eventId: $id, userId: "alice") { status } }',
        id=event,
    )
    assert error["extensions"]["code"] == "not_found"
    rolled = error_of(
        client,
        'mutation($id: String!) { rollback(userId: "alice", factId: $id) { rolledBack } }',
        id=theirs["id"],
    )
    assert rolled["extensions"]["code"] == "not_found"
    hits = data(client, SEARCH, q="Rome", user="alice")["search"]
    assert hits == []


@pytest.mark.parametrize(
    ("query", "code", "field"),
    [
        ('{ facts(userId: "a", asOf: "soon") { id } }', "invalid_time", "as_of"),
        ('{ facts(userId: "a", knownAt: "2024-13") { id } }', "invalid_time", "known_at"),
        ('{ facts(userId: "a", limit: 0) { id } }', "invalid_input", "limit"),
        ('{ search(q: "x", userId: "a", limit: 101) { id } }', "invalid_input", "limit"),
        ('{ search(q: "  ", userId: "a") { id } }', "invalid_input", "q"),
        ('{ facts(subject: "a") { id } }', "invalid_input", "user_id"),
        ('{ facts(userId: "a", memoryType: ["gossip"]) { id } }', "invalid_input", "memory_type"),
        ('{ facts(userId: "a", colour: "red") { id } }', "invalid_input", None),
        ('{ facts(userId: "a", limit: "ten") { id } }', "invalid_input", None),
        ("{ facts(userId: ", "invalid_input", None),
        (
            'mutation { addMemory(input: {messages: "x", userId: "a"}, mode: "later") '
            "{ eventId } }",
            "invalid_input",
            "mode",
        ),
        (
            'mutation { addMemory(input: {messages: "x", userId: "a", timestamp: "never"}) '
            "{ eventId } }",
            "invalid_time",
            "timestamp",
        ),
    ],
)
def test_bad_input_carries_the_rest_code(
    client: TestClient, query: str, code: str, field: str | None
) -> None:
    error = error_of(client, query)
    assert error["extensions"]["code"] == code
    assert error["extensions"]["status"] == 422
    if field is not None:
        assert error["extensions"]["details"]["field"] == field


@pytest.mark.parametrize("cls", errors.ALL_ERRORS, ids=lambda c: c.code)
def test_every_error_class_carries_its_rest_code(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, cls: type[errors.PalimpsestError]
) -> None:
    def fail(*_: object) -> None:
        raise cls("what went wrong", details={"hint": "fix it"})

    monkeypatch.setattr(fact_cases, "verify_ledger", fail)
    error = error_of(client, '{ ledgerVerify(userId: "alice") { ok } }')
    expected = body_for(cls("what went wrong", details={"hint": "fix it"}))["error"]
    assert error["message"] == expected["message"]  # an outage's own text is never shown
    extensions = {"code": cls.code, "status": status_for(cls("x"))}
    if "details" in expected:
        extensions["details"] = expected["details"]
    assert error["extensions"] == extensions
    assert cls in STATUS


def test_an_unexpected_exception_is_internal_without_a_trace(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(*_: object) -> None:
        raise RuntimeError("secret internals /srv/app.py line 3")

    monkeypatch.setattr(fact_cases, "verify_ledger", crash)
    response = client.post("/graphql", json={"query": '{ ledgerVerify(userId: "a") { ok } }'})
    (error,) = response.json()["errors"]
    assert error["extensions"]["code"] == "internal"
    assert "internals" not in response.text and "Traceback" not in response.text


def test_an_unreadable_request_is_refused_in_the_rest_shape(client: TestClient) -> None:
    response = client.post(
        "/graphql", content=b"not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_input"


@pytest.mark.parametrize(
    ("graphql_type", "rest_model"),
    [
        ("Fact", "service.http.routes.schemas:FactOut"),
        ("Result", "service.http.routes.schemas:ResultOut"),
        ("Conflict", "service.http.routes.schemas:ConflictOut"),
        ("Alert", "service.http.routes.schemas:AlertOut"),
        ("Candidate", "service.http.routes.schemas:CandidateOut"),
        ("Operation", "service.http.routes.schemas:OperationOut"),
        ("SearchHit", "service.http.routes.read:SearchHitOut"),
        ("LedgerVerdict", "service.read.answers:LedgerOut"),
        ("StaleRecords", "service.tenancy.usecases:StaleOut"),
        ("Reprocess", "service.tenancy.usecases:ReprocessOut"),
        ("Erasure", "service.tenancy.usecases:ErasureOut"),
    ],
)
def test_graphql_types_have_exactly_the_rest_fields(graphql_type: str, rest_model: str) -> None:
    module, _, name = rest_model.partition(":")
    model = getattr(importlib.import_module(module), name)
    declared = {f.name for f in dataclasses.fields(getattr(types, graphql_type))}
    assert declared == set(model.model_fields)
