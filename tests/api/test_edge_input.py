"""Bad input is a 4xx at the edge on REST and GraphQL alike, never a 500: times that leave the
calendar once their offset is applied, lone surrogates, invalid UTF-8, wrong GraphQL variable
types, text that normalises to nothing. History back to year 1 still works."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

JSON = {"Content-Type": "application/json"}
OFF_CALENDAR = [
    "0001-01-01T00:00:00+14:00",  # before year 1 in UTC
    "9999-12-31T23:30:00-01:00",  # after year 9999 in UTC
    "9999-12-31T23:59:59.999999+00:00",  # its next microsecond is
]


def error_code(response: Any) -> str:
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    return str(response.json()["error"]["code"])


@pytest.mark.parametrize("moment", OFF_CALENDAR)
@pytest.mark.parametrize("field", ["knowledge_time", "observation_date", "timestamp"])
def test_an_add_with_an_off_calendar_time_is_invalid_time(
    client: TestClient, field: str, moment: str
) -> None:
    body = {"messages": "I live in Oslo", "user_id": "u", field: moment}
    assert error_code(client.post("/v1/memories", json=body)) == "invalid_time"
    assert error_code(client.post("/v1/memories?mode=async", json=body)) == "invalid_time"


def test_a_message_timestamp_off_the_calendar_is_invalid_time(client: TestClient) -> None:
    message = {"role": "user", "content": "I live in Oslo", "timestamp": OFF_CALENDAR[0]}
    answer = client.post("/v1/memories", json={"messages": [message], "user_id": "u"})
    assert error_code(answer) == "invalid_time"
    assert answer.json()["error"]["details"]["field"] == "messages[0].timestamp"


@pytest.mark.parametrize("moment", OFF_CALENDAR)
@pytest.mark.parametrize("name", ["as_of", "known_at"])
def test_a_read_off_the_calendar_is_invalid_time(
    client: TestClient, name: str, moment: str
) -> None:
    for path, extra in (("/v1/facts", {}), ("/v1/search", {"q": "Oslo"})):
        params = {"user_id": "u", name: moment, **extra}
        assert error_code(client.get(path, params=params)) == "invalid_time", path
    camel = "asOf" if name == "as_of" else "knownAt"
    query = f'{{ facts(userId: "u", {camel}: "{moment}") {{ id }} }}'
    answer = client.post("/graphql", json={"query": query})
    assert answer.json()["errors"][0]["extensions"]["code"] == "invalid_time"


def test_history_back_to_year_1_still_works(client: TestClient) -> None:
    body = {
        "messages": "I live in Rome",
        "user_id": "h",
        "observation_date": "0001-01-01",
        "knowledge_time": "0001-01-01T00:00:00+00:00",
    }
    assert client.post("/v1/memories", json=body).status_code == 200
    for as_of in ("0001", "0001-01-01", "0001-01-01T00:00:00Z", "0001-01-01T10:00:00+09:00"):
        facts = client.get("/v1/facts", params={"user_id": "h", "as_of": as_of}).json()["facts"]
        assert [f["value"] for f in facts] == ["Rome"], as_of
    history = client.get("/v1/entities/h/history", params={"user_id": "h"}).json()
    assert history["chains"][0]["versions"][0]["valid_at"].startswith("0001-01-01")


SURROGATES = [
    (b'{"messages": "I live in \\ud800 Oslo", "user_id": "u"}', "messages"),
    (b'{"messages": "I live in Oslo", "user_id": "u\\udc00"}', "user_id"),
    (b'{"messages": "I live in Oslo", "user_id": "u", "metadata": {"k": ["\\udfff"]}}', "metadata"),
    (b'{"messages": "I live in Oslo", "user_id": "u", "metadata": {"\\ud800": 1}}', "metadata"),
]


@pytest.mark.parametrize(("body", "field"), SURROGATES)
def test_a_lone_surrogate_is_invalid_input(client: TestClient, body: bytes, field: str) -> None:
    for path in ("/v1/memories", "/v1/memories?mode=async", "/v1/memories/batch"):
        sent = b'{"items": [' + body + b"]}" if path.endswith("batch") else body
        answer = client.post(path, content=sent, headers=JSON)
        assert error_code(answer) == "invalid_input", path
        assert field in answer.json()["error"]["details"]["field"]


def test_a_paired_surrogate_escape_is_a_normal_character(client: TestClient) -> None:
    body = b'{"messages": "I live in Oslo \\ud83d\\ude00", "user_id": "u"}'
    assert client.post("/v1/memories", content=body, headers=JSON).status_code == 200


def test_invalid_utf8_is_invalid_input_on_rest_and_graphql(client: TestClient) -> None:
    rest = client.post("/v1/memories", content=b'{"messages": "Oslo \xff", "user_id": "u"}')
    assert error_code(rest) == "invalid_input"
    gql = client.post("/graphql", content=b'{"query": "{ facts(userId: \\"\xfe\\") { id } }"}')
    assert error_code(gql) == "invalid_input"


def test_graphql_variables_are_checked_like_rest(client: TestClient) -> None:
    query = "query($u: String!) { facts(userId: $u) { id } }"
    surrogate = b'{"query": "' + query.encode() + b'", "variables": {"u": "a\\ud800"}}'
    assert error_code(client.post("/graphql", content=surrogate, headers=JSON)) == "invalid_input"
    for wrong in (5, ["u"], {"x": 1}, None):
        answer = client.post("/graphql", json={"query": query, "variables": {"u": wrong}})
        assert answer.status_code < 500
        assert answer.json()["errors"][0]["extensions"]["code"] == "invalid_input"


@pytest.mark.parametrize("text", ["?", "...", "!?", "。", "“”"])
def test_text_that_normalises_to_nothing_is_stored_verbatim(client: TestClient, text: str) -> None:
    body = {"messages": text, "user_id": "u", "infer": False}
    answer = client.post("/v1/memories", json=body)
    assert answer.status_code == 200, answer.text
    assert [r["memory"] for r in answer.json()["results"]] == [text]
    inferred = client.post("/v1/memories", json={"messages": text, "user_id": "u"})
    assert inferred.status_code == 200, inferred.text


def test_graphql_refuses_a_document_over_its_alias_depth_or_token_limits(
    client: TestClient,
) -> None:
    from service.graphql.schema import MAX_ALIASES, MAX_TOKENS

    aliased = " ".join(
        f'a{n}: search(userId: "u", q: "x{n}") {{ id }}' for n in range(MAX_ALIASES + 1)
    )
    deep = '{ history(userId: "u", entity: "u") ' + "{ chains " * 12 + "}" * 13
    long = "{ " + " ".join("__typename" for _ in range(MAX_TOKENS)) + " }"
    for document, word in (("{ " + aliased + " }", "alias"), (deep, "depth"), (long, "token")):
        answer = client.post("/graphql", json={"query": document})
        assert answer.status_code < 500
        errors = answer.json()["errors"]
        assert errors and errors[0]["extensions"]["code"] == "invalid_input", errors
        assert any(word in error["message"].lower() for error in errors), errors
        assert answer.json().get("data") is None


def test_graphql_batches_have_the_rest_bound(client: TestClient) -> None:
    from service.write.request import MAX_BATCH_ITEMS

    items = [{"messages": "hi", "userId": "u"}] * (MAX_BATCH_ITEMS + 1)
    query = "mutation($items: [AddMemoryInput!]!) { addMemories(items: $items) { index } }"
    answer = client.post("/graphql", json={"query": query, "variables": {"items": items}})
    assert answer.json()["errors"][0]["extensions"]["code"] == "invalid_input"
    rest = client.post("/v1/memories/batch", json={"items": [{"messages": "hi"}] * 5001})
    assert error_code(rest) == "invalid_input"
