"""The read side through the real ASGI app, on both backends: now, as of, known at, recall."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from service.clients.memory import Memory
from service.http.app import create_app
from tests.read.stories import correction_story, import_story, only_fact, subscription_story


def ok(client: TestClient, path: str, **params: Any) -> Any:
    response = client.get(path, params=params)
    assert response.status_code == 200, response.text
    return response.json()


def facts(client: TestClient, **params: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = ok(client, "/v1/facts", **params)["facts"]
    return found


def search(client: TestClient, q: str, **params: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = ok(client, "/v1/search", q=q, **params)["results"]
    return found


def values(found: list[dict[str, Any]]) -> list[str]:
    return [f["value"] for f in found]


def hit_values(hits: list[dict[str, Any]]) -> list[str]:
    return [h["fact"]["value"] for h in hits]


# --------------------------------------------------------------------------- fact queries


def test_the_subscription_story_now_and_in_december_2025(
    memory: Memory, client: TestClient
) -> None:
    story = subscription_story(memory)
    now = facts(client, user_id="acme", subject="customer")
    assert values(now) == ["active"]
    december = facts(client, user_id="acme", subject="Customer", as_of="2025-12")
    assert values(december) == ["cancelled"]
    assert december[0]["superseded_by"] == story["active"]["id"]
    assert december[0]["verify_status"] == "superseded"
    assert values(facts(client, user_id="acme", subject="customer", as_of="2025-12-24")) == [
        "cancelled"
    ]
    assert values(facts(client, user_id="acme", subject="customer", as_of="2026-02")) == [
        "active",
        "cancelled",
    ]  # February 2026 saw both: a period means "valid at any point in it"


def test_search_answers_the_subscription_question_for_now_and_for_december(
    memory: Memory, client: TestClient
) -> None:
    subscription_story(memory)
    question = "Does the customer have a subscription?"
    now = search(client, question, user_id="acme")
    assert hit_values(now) == ["active"]
    december = search(client, question, user_id="acme", as_of="2025-12")
    assert hit_values(december) == ["cancelled"]
    assert december[0]["verify_status"] == "superseded" and december[0]["superseded_by"]
    both = search(client, question, user_id="acme", include_history="true")
    assert sorted(hit_values(both)) == ["active", "cancelled"]


def test_an_imported_2024_history_answers_as_of_2024_while_now_is_2026(
    memory: Memory, client: TestClient
) -> None:
    import_story(memory)

    def pairs(found: list[dict[str, Any]]) -> set[tuple[str, str]]:
        return {(f["predicate"], f["value"]) for f in found}

    in_2024 = facts(client, user_id="alice", subject="alice", as_of="2024")
    assert pairs(in_2024) == {("lives_in", "Berlin"), ("works_at", "Acme"), ("speaks", "French")}
    now = facts(client, user_id="alice", subject="alice")
    assert pairs(now) == {("lives_in", "Paris"), ("works_at", "Globex"), ("speaks", "French")}
    assert values(facts(client, user_id="alice", predicate="lives_in", as_of="2024-06")) == [
        "Berlin"
    ]
    assert values(facts(client, user_id="alice", predicate="live in")) == ["Paris"]
    where = "Where did I live?"
    assert hit_values(search(client, where, user_id="alice", as_of="2024"))[0] == "Berlin"
    assert hit_values(search(client, where, user_id="alice"))[0] == "Paris"
    assert "Berlin" not in hit_values(search(client, where, user_id="alice"))


def test_known_at_before_a_correction_returns_the_earlier_belief(
    memory: Memory, client: TestClient
) -> None:
    story = correction_story(memory)
    base = {"user_id": "alice", "predicate": "birthday"}
    assert values(facts(client, **base)) == ["May 3"]
    assert values(facts(client, **base, known_at="2026-03-02T00:00:00Z")) == ["May 4"]
    assert values(facts(client, **base, known_at="2026-03-02")) == ["May 4"]  # end of that day
    assert values(facts(client, **base, known_at="2026-03-05")) == ["May 3"]  # corrected 09:00
    assert facts(client, **base, known_at="2026-02") == []  # nothing was known in February
    assert values(facts(client, **base, as_of="2026-03", known_at="2026-03-04")) == ["May 4"]
    believed = search(client, "When is my birthday?", user_id="alice", known_at="2026-03-03")
    assert hit_values(believed) == ["May 4"]
    assert believed[0]["fact"]["expired_at"] is not None  # and we can see it was corrected
    now = search(client, "When is my birthday?", user_id="alice")
    assert hit_values(now) == ["May 3"]
    assert now[0]["fact"]["supersedes"] == story["wrong"]["id"]


def test_filters_narrow_fact_queries(memory: Memory, client: TestClient) -> None:
    memory.add("I prefer tea.", user_id="alice")
    memory.add("I live in Berlin.", user_id="alice")
    memory.add("We use Postgres.", user_id="alice", project="atlas")
    assert values(facts(client, user_id="alice", memory_type="preference")) == ["tea"]
    assert values(facts(client, user_id="alice", category=["location", "nothing"])) == ["Berlin"]
    assert values(facts(client, user_id="alice", project="Atlas")) == ["Postgres"]
    assert values(facts(client, user_id="alice", scope="atlas")) == ["Postgres"]
    assert len(facts(client, user_id="alice", verify_status="unverified")) == 3
    assert facts(client, user_id="alice", verify_status="verified") == []
    assert len(facts(client, user_id="alice", limit=2)) == 2


HEDGE_QUERY = """query ($user: String, $type: String, $asOf: String) {
  facts(userId: $user, factType: $type, asOf: $asOf) { value factType }
}"""


def test_a_hedge_is_listed_only_when_hypotheses_are_asked_for(
    memory: Memory, client: TestClient
) -> None:
    memory.add("I live in Berlin.", user_id="alice", observation_date="2025-01-01")
    memory.add("I might move to Tokyo.", user_id="alice", observation_date="2025-06-01")
    asked: dict[str, Any] = {"user_id": "alice"}
    for when in ({}, {"as_of": "2025-09"}, {"known_at": "2099-01-01"}):
        assert values(facts(client, **asked, **when)) == ["Berlin"], when
        hedges = facts(client, **asked, **when, fact_type="hypothesis")
        assert [(f["value"], f["fact_type"]) for f in hedges] == [("Tokyo", "hypothesis")], when
        assert values(facts(client, **asked, **when, fact_type="fact")) == ["Berlin"], when
        assert values(memory.facts(**asked, **when)["facts"]) == ["Berlin"], when
        typed = memory.facts(**asked, **when, fact_type="hypothesis")["facts"]
        assert values(typed) == ["Tokyo"], when
    plain = {"query": HEDGE_QUERY, "variables": {"user": "alice"}}
    assert values(client.post("/graphql", json=plain).json()["data"]["facts"]) == ["Berlin"]
    hedged = {"user": "alice", "type": "hypothesis", "asOf": "2025-09"}
    graphql = client.post("/graphql", json={"query": HEDGE_QUERY, "variables": hedged})
    assert graphql.json()["data"]["facts"] == [{"value": "Tokyo", "factType": "hypothesis"}]
    assert search(client, "move to Tokyo", user_id="alice")[0]["fact"]["fact_type"] == (
        "hypothesis"
    )  # search still finds a hedge, typed as one


def test_one_fact_by_id_and_never_another_tenants(memory: Memory, client: TestClient) -> None:
    mine = only_fact(memory.add("I live in Berlin.", user_id="alice"))
    theirs = only_fact(memory.add("I live in Rome.", user_id="bob"))
    assert ok(client, f"/v1/facts/{mine['id']}", user_id="alice")["value"] == "Berlin"
    response = client.get(f"/v1/facts/{theirs['id']}", params={"user_id": "alice"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert facts(client, user_id="alice", subject="bob") == []
    assert hit_values(search(client, "Rome", user_id="alice")) == ["Berlin"]


# --------------------------------------------------------------------------- recall


def test_recall_finds_a_chinese_memory_from_an_english_question(
    memory: Memory, client: TestClient
) -> None:
    for text in ("我的显卡是RTX 4090。", "I live in Berlin.", "I prefer tea.", "I work at Acme."):
        memory.add(text, user_id="alice")
    hits = search(client, "What graphics card do I have?", user_id="alice")
    assert hits[0]["memory"] == "我的显卡是RTX 4090"
    assert "tags" in hits[0]["channels"]


def test_recall_finds_an_english_memory_from_a_chinese_question(
    memory: Memory, client: TestClient
) -> None:
    for text in ("My graphics card is an RTX 3080.", "I live in Berlin.", "I speak French."):
        memory.add(text, user_id="bob")
    assert hit_values(search(client, "我的显卡是什么？", user_id="bob"))[0] == "RTX 3080"
    assert hit_values(search(client, "我会说什么语言？", user_id="bob"))[0] == "French"


def test_a_disputed_property_comes_back_marked_disputed(memory: Memory, client: TestClient) -> None:
    memory.add("Atlas supports SSO.", user_id="alice")
    memory.add("Atlas does not support SSO.", user_id="alice")
    memory.add("I live in Berlin.", user_id="alice")
    hits = search(client, "Does Atlas support SSO?", user_id="alice")
    top = {h["fact"]["polarity"]: h for h in hits[:2]}
    assert set(top) == {1, -1}
    for hit in top.values():
        assert hit["disputed"] is True and hit["fact"]["disputed"] is True
        assert hit["verify_status"] == "contradicted"
    berlin = search(client, "Where do I live?", user_id="alice")[0]  # Berlin is no evidence
    assert berlin["fact"]["value"] == "Berlin" and berlin["disputed"] is False  # for SSO
    disputed = facts(client, user_id="alice", subject="Atlas")
    assert [f["disputed"] for f in disputed] == [True, True]


def test_a_latin_identifier_matches_exactly(memory: Memory, client: TestClient) -> None:
    for text in (
        "Invoice INV-2024-002 is overdue.",
        "Invoice INV-2024-0011 is a draft.",
        "Invoice INV-2024-001 is paid.",
        "I bought an RTX 4080.",
        "I bought an RTX 4090 for the lab.",
    ):
        memory.add(text, user_id="alice", infer=False)
    first = search(client, "INV-2024-001", user_id="alice")
    assert "INV-2024-001 is paid" in first[0]["memory"]
    assert all("INV-2024-001 " not in h["memory"] for h in first[1:])
    assert "RTX 4090" in search(client, "which RTX 4090?", user_id="alice")[0]["memory"]


def test_search_filters_and_limit(memory: Memory, client: TestClient) -> None:
    memory.add("I prefer tea.", user_id="alice")
    memory.add("I like green tea a lot.", user_id="alice", project="atlas")
    memory.add("I live in Berlin.", user_id="alice")
    assert len(search(client, "tea", user_id="alice", limit=1)) == 1
    scoped = search(client, "tea", user_id="alice", project="atlas")
    assert [h["fact"]["scope"] for h in scoped] == ["atlas"]
    located = search(client, "tea", user_id="alice", category="location")
    assert hit_values(located) == ["Berlin"]
    typed = search(client, "tea", user_id="alice", memory_type="preference")
    assert {h["fact"]["memory_type"] for h in typed} == {"preference"}


def test_search_results_carry_status_fields_and_scores_in_order(
    memory: Memory, client: TestClient
) -> None:
    subscription_story(memory)
    hits = search(client, "customer subscription", user_id="acme", include_history="true")
    for hit in hits:
        assert {"id", "memory", "score", "fact", "verify_status", "disputed", "superseded_by"} <= (
            set(hit)
        )
        assert hit["id"] == hit["fact"]["id"]
    scores = [h["score"] for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_the_ledger_verifies(memory: Memory, client: TestClient) -> None:
    memory.add("I live in Berlin.", user_id="alice")
    verdict = ok(client, "/v1/ledger/verify", user_id="alice")
    assert verdict["ok"] is True and verdict["length"] >= 1 and verdict["first_bad_seq"] is None
    empty = ok(client, "/v1/ledger/verify", user_id="nobody")
    assert empty["ok"] is True and empty["length"] == 0 and empty["first_bad_seq"] is None
    assert empty["head"] == "0:" + "0" * 64


def test_the_ledger_verifies_against_a_kept_head(memory: Memory, client: TestClient) -> None:
    memory.add("I live in Berlin.", user_id="alice")
    head = ok(client, "/v1/ledger/verify", user_id="alice")["head"]
    memory.add("I like tea.", user_id="alice")
    assert ok(client, "/v1/ledger/verify", user_id="alice", expect_head=head)["ok"] is True
    length = int(head.split(":")[0])
    longer = f"{length + 5}:{'a' * 64}"
    forged = ok(client, "/v1/ledger/verify", user_id="alice", expect_head=longer)
    assert forged["ok"] is False and "truncated" in forged["reason"]
    answer = client.post(
        "/graphql",
        json={"query": f'{{ ledgerVerify(userId: "alice", expectHead: "{head}") {{ ok head }} }}'},
    ).json()
    assert answer["data"]["ledgerVerify"]["ok"] is True


def test_a_source_withheld_from_a_key_is_withheld_by_every_read(memory: Memory) -> None:
    keys = {"team-key": {"user_id": "alice", "principals": ["team-a"]}, "plain-key": "alice"}
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(keys))}
    )
    secret = memory.add(
        "The launch code name is Bluebird.", user_id="alice", infer=False, permissions=["team-a"]
    )["results"][0]
    memory.add("I live in Berlin.", user_id="alice")
    team, plain = ({"Authorization": f"Bearer {k}"} for k in ("team-key", "plain-key"))
    graphql = {"query": '{ search(q: "launch code name", userId: "alice") { memory } }'}
    with TestClient(
        create_app(memory.container), raise_server_exceptions=False, base_url="http://127.0.0.1"
    ) as client:

        def seen(headers: dict[str, str]) -> dict[str, Any]:
            hits = client.get("/v1/search", params={"q": "launch code name"}, headers=headers)
            listed = client.get("/v1/facts", headers=headers)
            one = client.get(f"/v1/facts/{secret['id']}", headers=headers)
            answer = client.post("/graphql", json=graphql, headers=headers).json()
            return {
                "search": any("Bluebird" in h["memory"] for h in hits.json()["results"]),
                "facts": any("Bluebird" in f["memory"] for f in listed.json()["facts"]),
                "one": one.status_code,
                "graphql": any("Bluebird" in h["memory"] for h in answer["data"]["search"]),
            }

        assert seen(team) == {"search": True, "facts": True, "one": 200, "graphql": True}
        assert seen(plain) == {"search": False, "facts": False, "one": 404, "graphql": False}


# --------------------------------------------------------------------------- bad input

BAD = [
    ("/v1/facts", {"user_id": "alice", "as_of": "last tuesday"}, "invalid_time", "as_of"),
    ("/v1/facts", {"user_id": "alice", "as_of": "2024-02-30"}, "invalid_time", "as_of"),
    ("/v1/facts", {"user_id": "alice", "known_at": "2024-13"}, "invalid_time", "known_at"),
    ("/v1/search", {"q": "x", "user_id": "alice", "as_of": "soon"}, "invalid_time", "as_of"),
    ("/v1/facts", {"user_id": "alice", "colour": "red"}, "invalid_input", "colour"),
    ("/v1/search", {"q": "x", "user_id": "alice", "as_off": "2024"}, "invalid_input", "as_off"),
    ("/v1/facts", {"user_id": "alice", "limit": "0"}, "invalid_input", "limit"),
    ("/v1/facts", {"user_id": "alice", "limit": "1001"}, "invalid_input", "limit"),
    ("/v1/facts", {"user_id": "alice", "limit": "many"}, "invalid_input", "limit"),
    ("/v1/search", {"q": "x", "user_id": "alice", "limit": "0"}, "invalid_input", "limit"),
    ("/v1/search", {"q": "x", "user_id": "alice", "limit": "101"}, "invalid_input", "limit"),
    ("/v1/search", {"q": "   ", "user_id": "alice"}, "invalid_input", "q"),
    ("/v1/search", {"q": "", "user_id": "alice"}, "invalid_input", "q"),
    ("/v1/search", {"user_id": "alice"}, "invalid_input", "q"),
    ("/v1/search", {"q": "x" * 2001, "user_id": "alice"}, "invalid_input", "q"),
    ("/v1/facts", {"subject": "alice"}, "invalid_input", "user_id"),
    ("/v1/facts", {"user_id": "al\x01ice"}, "invalid_input", "user_id"),
    ("/v1/facts", {"user_id": "alice", "memory_type": "gossip"}, "invalid_input", "memory_type"),
    ("/v1/facts", {"user_id": "alice", "verify_status": "maybe"}, "invalid_input", "verify_status"),
    ("/v1/facts", {"user_id": "alice", "subject": " "}, "invalid_input", "subject"),
    ("/v1/facts", {"user_id": "alice", "project": "a", "scope": "b"}, "invalid_input", "scope"),
    (
        "/v1/search",
        {"q": "x", "user_id": "alice", "include_history": "true", "as_of": "2024"},
        "invalid_input",
        "include_history",
    ),
    ("/v1/facts", {"user_id": "alice", "fact_type": "rumour"}, "invalid_input", "fact_type"),
    ("/v1/ledger/verify", {}, "invalid_input", "user_id"),
    ("/v1/ledger/verify", {"user_id": "alice", "deep": "1"}, "invalid_input", "deep"),
    ("/v1/ledger/verify", {"user_id": "alice", "expect_head": "7"}, "invalid_input", "expect_head"),
]


@pytest.mark.parametrize(("path", "params", "code", "field"), BAD)
def test_bad_input_is_a_4xx_in_the_one_error_shape(
    client: TestClient, path: str, params: dict[str, str], code: str, field: str
) -> None:
    response = client.get(path, params=params)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == code
    assert error["details"]["field"] == field
    assert set(response.json()) == {"error"}


def test_openapi_documents_every_read_endpoint_with_examples(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in ("/v1/facts", "/v1/facts/{fact_id}", "/v1/search", "/v1/ledger/verify"):
        operation = spec["paths"][path]["get"]
        assert "Example" in operation["description"], path
        names = {p["name"] for p in operation["parameters"]}
        assert "user_id" in names
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        ref = schema["$ref"].rsplit("/", 1)[-1]
        assert spec["components"]["schemas"][ref].get("examples") or path.endswith("{fact_id}")
    search_params = {p["name"] for p in spec["paths"]["/v1/search"]["get"]["parameters"]}
    assert {"q", "as_of", "known_at", "include_history", "limit", "memory_type"} <= search_params


def test_openapi_gives_every_rest_endpoint_a_description_and_an_example(
    client: TestClient,
) -> None:
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    missing = []
    for path, operations in spec["paths"].items():
        if not path.startswith("/v1/"):
            continue
        for method, operation in operations.items():
            used = [
                schemas[ref.rsplit("/", 1)[-1]]
                for ref in re.findall(r'"#/components/schemas/([^"]+)"', json.dumps(operation))
            ]
            documented = "Example" in operation.get("description", "") or any(
                "examples" in schema for schema in used
            )
            if not operation.get("description") or not documented:
                missing.append(f"{method.upper()} {path}")
    assert missing == []
    assert len(spec["paths"]) >= 20
