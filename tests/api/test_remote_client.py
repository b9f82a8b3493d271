"""`service.Client` and `AsyncClient` against a live uvicorn server on loopback: the `Memory`
methods with the same arguments give the same answers, and errors come back as the domain
classes carrying the service's code."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr

from graph.domain.errors import Forbidden, InvalidInput, NotFound, StoreUnavailable, Unauthorized
from service import AsyncClient, Client, MemoryAPI
from service.clients.memory import Memory
from service.clients.protocol import PROTOCOL_METHODS
from service.http.app import create_app
from service.read.answers import FactsOut, GraphOut, LedgerOut, PathsOut, SearchOut
from service.tenancy.usecases import ErasureOut, ExportLine
from service.views import (
    AddOut,
    BatchOut,
    CandidateOut,
    CandidatesOut,
    FactOut,
    OperationOut,
    PendingOut,
)
from tests.read.stories import import_story, team_story
from tests.support.live import live_server


@pytest.fixture
def base_url(memory: Memory) -> Iterator[str]:
    with live_server(create_app(memory.container)) as url:
        yield url


def _parameters(cls: type, name: str) -> list[tuple[str, Any, Any, Any]]:
    signature = inspect.signature(getattr(cls, name))
    return [(p.name, p.kind, p.default, p.annotation) for p in signature.parameters.values()]


@pytest.mark.parametrize("name", PROTOCOL_METHODS)
def test_memory_and_both_clients_share_every_signature(name: str) -> None:
    expected = _parameters(MemoryAPI, name)
    assert _parameters(Memory, name) == expected
    assert _parameters(Client, name) == expected
    assert _parameters(AsyncClient, name) == expected
    assert inspect.iscoroutinefunction(getattr(AsyncClient, name)) or name != "close"


def test_both_are_memory_apis(memory: Memory) -> None:
    with Client("http://127.0.0.1:9") as client:
        assert isinstance(client, MemoryAPI)
    assert isinstance(memory, MemoryAPI)
    assert len(PROTOCOL_METHODS) >= 20


def scenario(m: MemoryAPI) -> dict[str, Any]:
    """The README's example, written once against the protocol."""
    out = m.add("I moved to Berlin in 2023.", user_id="carol", observation_date="2023-06-01")
    assert isinstance(out, AddOut)
    return {
        "added": (out.results[0].event, out.results[0].fact.valid_at),
        "now": [f.value for f in m.facts(user_id="carol", subject="carol").facts],
        "2024": m.facts(user_id="carol", as_of="2024").facts[0].value,
        "search": m.search("where do I live", user_id="carol", limit=1).results[0].memory,
        "evidence": m.search("where do I live", user_id="carol").results[0].episode,
        "ledger": m.verify_ledger(user_id="carol").ok,
    }


def test_the_same_code_runs_on_memory_and_on_the_client(memory: Memory, base_url: str) -> None:
    with Client(base_url) as client:
        remote = scenario(client)
    assert remote == {
        "added": ("ADD", "2023-01-01T00:00:00+00:00"),
        "now": ["Berlin"],
        "2024": "Berlin",
        "search": remote["search"],
        "evidence": remote["evidence"],
        "ledger": True,
    }
    assert "Berlin" in remote["search"]
    assert remote["evidence"].body == "I moved to Berlin in 2023."
    assert remote["evidence"].observed_at.startswith("2023-06-01")


def test_reads_are_the_answers_memory_gives(memory: Memory, base_url: str) -> None:
    import_story(memory)
    team_story(memory.container.store)
    with Client(base_url) as client:
        assert client.facts(user_id="alice", as_of="2024") == memory.facts(
            user_id="alice", as_of="2024"
        )
        assert client.history("alice", user_id="alice") == memory.history("alice", user_id="alice")
        assert client.graph("alice", user_id="alice", depth=2) == memory.graph(
            "alice", user_id="alice", depth=2
        )
        assert client.paths("alice", "bob", user_id="alice") == memory.paths(
            "alice", "bob", user_id="alice"
        )
        assert client.candidates(user_id="alice") == memory.candidates(user_id="alice")
        assert client.export(user_id="alice") == memory.export(user_id="alice")


def test_errors_are_the_domain_classes_with_the_services_code(base_url: str) -> None:
    with Client(base_url) as client:
        with pytest.raises(NotFound) as missing:
            client.get_fact("no-such-id", user_id="alice")
        assert missing.value.code == "not_found" and missing.value.status == 404  # type: ignore[attr-defined]
        with pytest.raises(InvalidInput) as bad:
            client.facts(user_id="alice", as_of="someday")
        assert bad.value.details["field"] == "as_of"
        with pytest.raises(InvalidInput) as unknown:
            client.facts(user_id="alice", as_off="2024")
        assert "as_off" in unknown.value.message
    with Client("http://127.0.0.1:9", timeout=2) as nowhere, pytest.raises(StoreUnavailable):
        nowhere.facts(user_id="alice")


def test_api_keys_travel_with_every_call(memory: Memory) -> None:
    keys = {"alice-key": "alice"}
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(keys))}
    )
    with live_server(create_app(memory.container)) as url:
        with Client(url, api_key="alice-key") as alice:
            alice.add("I live in Oslo.")
            assert [f["value"] for f in alice.facts()["facts"]] == ["Oslo"]
            with pytest.raises(Forbidden):
                alice.facts(user_id="bob")
        with Client(url, api_key="wrong") as stranger, pytest.raises(Unauthorized):
            stranger.facts()


def test_the_async_client_gives_the_same_answers(memory: Memory, base_url: str) -> None:
    async def run() -> tuple[dict[str, Any], dict[str, Any], list[ExportLine]]:
        async with AsyncClient(base_url) as client:
            added = await client.add("I work at Acme.", user_id="dora")
            facts = await client.facts(user_id="dora")
            with pytest.raises(NotFound):
                await client.get_operation("nope", user_id="dora")
            return added, facts, await client.export(user_id="dora")

    added, facts, lines = asyncio.run(run())
    assert added["results"][0]["fact"]["value"] == "Acme"
    assert facts == memory.facts(user_id="dora")
    assert lines == memory.export(user_id="dora")
    assert {line.kind for line in lines} >= {"fact", "episode", "entity"}


def typed_answers(m: MemoryAPI) -> dict[str, Any]:
    """Every protocol method with a typed answer, called once on `m`."""
    added = m.add("I work at Acme. My key is sk-proj-abcdefghijklmnopqrstuvwx", user_id="erin")
    assert isinstance(added, AddOut)
    fact_id = added.results[0].id
    pending = m.add("I like tea.", user_id="erin", mode="async")
    held = m.add("Atlas supports LDAP", user_id="erin", source_type="agent_generated")
    assert isinstance(held, AddOut) and isinstance(pending, PendingOut)
    return {
        "add": added,
        "pending": pending,
        "add_batch": m.add_batch([{"messages": "I play chess", "user_id": "erin"}, {}]),
        "get_operation": m.get_operation(pending.event_id, user_id="erin"),
        "facts": m.facts(user_id="erin"),
        "search": m.search("where do I work", user_id="erin"),
        "get_fact": m.get_fact(fact_id, user_id="erin"),
        "graph": m.graph("erin", user_id="erin"),
        "paths": m.paths("erin", "acme", user_id="erin"),
        "candidates": m.candidates(user_id="erin"),
        "reject_candidate": m.reject_candidate(held.candidates[0].id, user_id="erin"),
        "verify_ledger": m.verify_ledger(user_id="erin"),
        "export": m.export(user_id="erin"),
        "forget_user": m.forget_user("erin"),
    }


TYPED = {
    "add": AddOut,
    "pending": PendingOut,
    "add_batch": BatchOut,
    "get_operation": OperationOut,
    "facts": FactsOut,
    "search": SearchOut,
    "get_fact": FactOut,
    "graph": GraphOut,
    "paths": PathsOut,
    "candidates": CandidatesOut,
    "reject_candidate": CandidateOut,
    "verify_ledger": LedgerOut,
    "forget_user": ErasureOut,
}


def test_the_client_answers_with_the_models_memory_answers_with(
    memory: Memory, base_url: str
) -> None:
    local = typed_answers(memory)
    with Client(base_url) as client:
        remote = typed_answers(client)
    for name, model in TYPED.items():
        assert type(local[name]) is model and type(remote[name]) is model, name
    assert all(type(line) is ExportLine for line in local["export"] + remote["export"])
    (good, bad) = remote["add_batch"].results
    assert good.error is None and good.results[0].fact.value == "chess"
    assert bad.results is None and bad.error is not None and bad.error.code == "invalid_input"
    assert remote["add"].alerts[0].kind == "credential"
    assert remote["paths"].paths[0][0].value == "Acme"
    assert remote["graph"].nodes and remote["search"].results
    assert remote["reject_candidate"].status == "rejected"
    operation = remote["get_operation"]
    assert operation.result is None or type(operation.result) is AddOut
    assert remote["forget_user"].erased > 0


def test_answers_still_read_by_their_json_names(memory: Memory) -> None:
    out = memory.add("I moved to Berlin in 2023.", user_id="fay")
    assert out["results"][0]["fact"]["value"] == out.results[0].fact.value == "Berlin"
    assert "event_id" in out and "no_such_field" not in out
    with pytest.raises(KeyError):
        out["no_such_field"]
    paths = memory.paths("fay", "berlin", user_id="fay")
    assert paths["from"] == paths.from_ == "fay"
    op = memory.get_operation(str(out.event_id), user_id="fay")
    assert "result" in op and "error" not in op and op.get("error", "none") == "none"
