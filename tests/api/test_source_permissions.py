"""Source permissions hold on every path: a record read from a source whose permissions the
caller's key does not hold never appears (history, export, GraphQL history, conflict plans,
write answers), actions on it are 404, while a key that holds them sees it. The property test
over every endpoint is `test_permission_property.py`."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from pydantic import SecretStr

from service.clients.memory import Memory
from service.http.app import create_app
from service.read.withhold import WITHHELD
from tests.support.keyed import keyed_client
from tests.support.live import live_server

KEYS = {
    "outsider": {"user_id": "alice", "principals": ["team-a"]},
    "insider": {"user_id": "alice", "principals": ["hr"]},
}
HIDDEN, OPEN = "Oslo", "green tea"


@pytest.fixture
def guarded(memory: Memory) -> Iterator[TestClient]:
    memory.add("I live in Oslo", user_id="alice", source="hr-file", permissions=["hr"])
    memory.add("I like green tea", user_id="alice")
    with keyed_client(memory, KEYS) as client:
        yield client


def reads(client: TestClient, key: str) -> dict[str, str]:
    headers = {"X-API-Key": key}
    query = '{ history(name: "alice") { chains { versions { value } } } }'
    return {
        "history": client.get("/v1/entities/alice/history", headers=headers).text,
        "export": client.get("/v1/export", headers=headers).text,
        "graphql history": client.post("/graphql", json={"query": query}, headers=headers).text,
        "facts": client.get("/v1/facts", headers=headers).text,
        "search": client.get("/v1/search", params={"q": "Oslo"}, headers=headers).text,
    }


def test_a_hidden_source_crosses_no_read_path(guarded: TestClient) -> None:
    for path, text in reads(guarded, "outsider").items():
        assert HIDDEN not in text, path
    assert OPEN in reads(guarded, "outsider")["export"]


def test_a_key_holding_the_permission_sees_it(guarded: TestClient) -> None:
    seen = reads(guarded, "insider")
    for path in ("history", "export", "graphql history", "facts"):
        assert HIDDEN in seen[path], path


# ------------------------------------------- plans, write answers and by-id actions (issue 13)


def as_key(client: TestClient, key: str, method: str, url: str, **kwargs: object) -> Any:
    response = client.request(method, url, headers={"X-API-Key": key}, **kwargs)  # type: ignore[arg-type]
    return response


def hidden_id(memory: Memory) -> str:
    (fact,) = [f for f in memory.facts(user_id="alice")["facts"] if f["value"] == HIDDEN]
    return str(fact["id"])


def test_a_write_that_supersedes_a_hidden_record_does_not_show_it(
    memory: Memory, guarded: TestClient
) -> None:
    secret = hidden_id(memory)
    answer = as_key(
        guarded, "outsider", "POST", "/v1/memories", json={"messages": "I live in Rome"}
    )
    assert answer.status_code == 200, answer.text
    (result,) = answer.json()["results"]
    (conflict,) = result["conflicts"]
    assert conflict["target_id"] is None and conflict["reason"] == WITHHELD
    assert (conflict["action"], conflict["executed"]) == ("UPDATE", True)  # the write happened
    assert result["fact"]["supersedes"] is None
    assert secret not in answer.text and HIDDEN not in answer.text
    insider = as_key(guarded, "insider", "GET", "/v1/entities/alice/history").text
    assert secret in insider and HIDDEN in insider  # the reader of the source sees the link


def test_a_refused_rollback_names_no_later_record(memory: Memory, guarded: TestClient) -> None:
    """Rolling back an open record that a hidden one superseded is refused (409) without the
    hidden record's id: a refusal names no other record (the property test found the id in
    "superseded by ..."); the history, filtered per key, shows the later record to who may
    read it."""
    acme = memory.add("I work at Acme", user_id="alice")["results"][0]["fact"]
    memory.add("I work at Initech", user_id="alice", source="hr-file", permissions=["hr"])
    (later,) = [f for f in memory.facts(user_id="alice")["facts"] if f["value"] == "Initech"]
    answer = as_key(guarded, "outsider", "POST", f"/v1/facts/{acme['id']}/rollback", json={})
    assert answer.status_code == 409, answer.text
    assert later["id"] not in answer.text and "Initech" not in answer.text
    assert "roll that back first" in answer.json()["error"]["message"]


def test_a_conflict_plan_does_not_show_a_hidden_record(memory: Memory, guarded: TestClient) -> None:
    secret = hidden_id(memory)
    body = {"content": "I live in Rome", "dry_run": True}
    plan = as_key(guarded, "outsider", "POST", "/v1/conflicts/resolve", json=body)
    assert plan.status_code == 200, plan.text
    # judged against what the key may read only: the hidden record is as absent as a missing one
    assert plan.json()["verdicts"] == [] and plan.json()["plan"][0]["action"] == "ADD"
    assert secret not in plan.text and HIDDEN not in plan.text
    query = (
        'mutation { resolveConflict(content: "I live in Rome")'
        " { plan { targetId reason } verdicts } }"
    )
    graphql = as_key(guarded, "outsider", "POST", "/graphql", json={"query": query})
    assert graphql.status_code == 200 and "errors" not in graphql.json(), graphql.text
    assert secret not in graphql.text and HIDDEN not in graphql.text
    seen = as_key(guarded, "insider", "POST", "/v1/conflicts/resolve", json=body).json()
    assert seen["verdicts"][0]["target_id"] == secret


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("POST", "/v1/facts/{id}/rollback", {}),
        ("POST", "/v1/facts/{id}/confirm", {}),
        ("POST", "/v1/facts/{id}/reject", {"reason": "no"}),
        ("POST", "/v1/conflicts/resolve", {"fact_id": "{id}", "dry_run": False}),
        ("GET", "/v1/facts/{id}", None),
    ],
)
def test_an_action_on_a_hidden_record_is_not_found(
    memory: Memory, guarded: TestClient, method: str, url: str, body: dict[str, Any] | None
) -> None:
    secret = hidden_id(memory)
    filled = {k: secret if v == "{id}" else v for k, v in (body or {}).items()}
    kwargs = {} if body is None else {"json": filled}
    answer = as_key(guarded, "outsider", method, url.replace("{id}", secret), **kwargs)
    assert answer.status_code == 404, answer.text
    assert HIDDEN not in answer.text
    graphql = f'mutation {{ rejectFact(id: "{secret}") {{ executed }} }}'
    error = as_key(guarded, "outsider", "POST", "/graphql", json={"query": graphql}).json()
    assert error["errors"][0]["extensions"]["code"] == "not_found"
    assert memory.get_fact(secret, user_id="alice")["verify_status"] != "rejected"


def test_a_hidden_source_cannot_be_reprocessed_or_forgotten_by_a_key_that_may_not_read_it(
    memory: Memory, guarded: TestClient
) -> None:
    secret = hidden_id(memory)
    reprocess = {"source": "hr-file", "dry_run": True}
    assert as_key(guarded, "outsider", "POST", "/v1/reprocess", json=reprocess).status_code == 404
    gone = as_key(guarded, "outsider", "DELETE", "/v1/sources", params={"source": "hr-file"})
    assert gone.status_code == 404, gone.text
    assert memory.get_fact(secret, user_id="alice")["value"] == HIDDEN
    done = as_key(guarded, "insider", "POST", "/v1/reprocess", json=reprocess)
    assert done.status_code == 200 and done.json()["episodes"] == 1
    everything = {"only_stale": False, "dry_run": True}  # a key reprocesses what it may read
    counted = {
        key: as_key(guarded, key, "POST", "/v1/reprocess", json=everything).json()["episodes"]
        for key in KEYS
    }
    assert counted == {"outsider": 1, "insider": 2}
    query = "mutation { reprocess(onlyStale: false, dryRun: true) { episodes } }"
    graphql = as_key(guarded, "outsider", "POST", "/graphql", json={"query": query}).json()
    assert graphql["data"]["reprocess"]["episodes"] == 1


def test_a_hidden_candidate_and_a_hidden_write_receipt_are_not_found(
    memory: Memory, guarded: TestClient
) -> None:
    held = memory.add(
        "I live in Bergen", user_id="alice", source_type="web_search", permissions=["hr"]
    )
    (candidate,) = held["candidates"]
    listed = as_key(guarded, "outsider", "GET", "/v1/candidates").text
    assert candidate["id"] not in listed and "Bergen" not in listed
    assert candidate["id"] in as_key(guarded, "insider", "GET", "/v1/candidates").text
    for verb in ("confirm", "reject"):
        url = f"/v1/candidates/{candidate['id']}/{verb}"
        assert as_key(guarded, "outsider", "POST", url, json={}).status_code == 404
    receipt = f"/v1/operations/{held['event_id']}"
    assert as_key(guarded, "outsider", "GET", receipt).status_code == 404
    assert as_key(guarded, "insider", "GET", receipt).status_code == 200


def test_an_export_holds_no_link_or_ledger_entry_naming_a_hidden_record(
    memory: Memory, guarded: TestClient
) -> None:
    secret = hidden_id(memory)
    as_key(guarded, "outsider", "POST", "/v1/memories", json={"messages": "I live in Rome"})
    export = as_key(guarded, "outsider", "GET", "/v1/export").text
    assert secret not in export and HIDDEN not in export
    kinds = {json.loads(line)["kind"] for line in export.splitlines()}
    assert {"fact", "episode", "ledgerentry"} <= kinds  # the open records and entries remain
    assert secret in as_key(guarded, "insider", "GET", "/v1/export").text


# ------------------------------------------------------------------------------------ MCP

MCP_ARGUMENTS = {
    "messages": "I live in Rome",
    "query": HIDDEN,
    "entity": "alice",
    "from_entity": "alice",
    "to_entity": HIDDEN,
    "content": "I live in Rome",
    "candidate_id": "{candidate}",
    "fact_id": "{fact}",
}
"""A value for each required argument of an MCP tool (and the conflict tool's statement)."""


def test_no_mcp_tool_shows_a_hidden_record(memory: Memory) -> None:
    """Every tool the MCP server lists, called with the outsider's key over streamable HTTP
    (the tools call the REST routes with the caller's key): no hidden id or word."""
    memory.add("I live in Oslo", user_id="alice", source="hr-file", permissions=["hr"])
    held = memory.add("I live in Bergen", user_id="alice", source_type="web_search",
                      permissions=["hr"])  # fmt: skip
    secrets = {HIDDEN, "Bergen", hidden_id(memory), held["candidates"][0]["id"]}
    fill = {"{candidate}": held["candidates"][0]["id"], "{fact}": hidden_id(memory)}
    update = {"api_keys": SecretStr(json.dumps(KEYS))}
    memory.container.settings = memory.container.settings.model_copy(update=update)

    async def run(url: str) -> dict[str, str]:
        seen: dict[str, str] = {}
        http = httpx2.AsyncClient(headers={"X-API-Key": "outsider"}, timeout=120)
        async with Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
            for tool in (await client.list_tools()).tools:
                schema = tool.input_schema or {}
                wanted = set(schema.get("required", [])) | ({"content"} & set(schema["properties"]))
                arguments = {n: fill.get(MCP_ARGUMENTS[n], MCP_ARGUMENTS[n]) for n in wanted}
                result = await client.call_tool(tool.name, arguments)
                text = json.dumps(result.structured_content) + str(result.content)
                for given in arguments.values():  # what the caller sent is no leak
                    text = text.replace(given, "")
                seen[tool.name] = text
        return seen

    with live_server(create_app(memory.container)) as url:
        seen = asyncio.run(run(url))
    assert len(seen) >= 11
    for tool, text in seen.items():
        assert not {s for s in secrets if s in text}, (tool, text)
