"""No unmasked secret reaches any stored property, keyword index or vector. Both backends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from extractors.notary.core import MASKED
from graph.domain.model import Entity, Episode, Fact
from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory
from tests.conftest import T0
from tests.support.reads import reads

GROUP = TenantScope(user_id="alice").group_id
SECRETS = {
    "password": "Tr0ub4dor&3xyzzy",
    "aws": "AKIAIOSFODNN7EXAMPLE",
    "openai": "sk-proj-Zq8xM2vN4bR7tY1wE6uI9oP3aS5dF0gH",
    "github": "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "chinese": "qwe123ASD",
    "url": "s3cr3tPassw0rd",
}
INPUT = [
    {"role": "user", "content": f"My password is {SECRETS['password']} and I live in Oslo."},
    {"role": "user", "content": f"The deploy key is {SECRETS['aws']}; I use Terraform."},
    {"role": "assistant", "content": f"I have saved the token {SECRETS['openai']} to /tmp/x"},
    {
        "role": "user",
        "content": [
            {"type": "text", "text": f"我的密码是{SECRETS['chinese']}，我住在北京"},
            {
                "type": "image_url",
                "image_url": {"url": f"https://bob:{SECRETS['url']}@example.com/desk.jpg"},
            },
        ],
    },
]
METADATA = {"api_key": SECRETS["github"], "note": f"token={SECRETS['github']}"}


def dump(records: list[Any]) -> str:
    return "\n".join(json.dumps(r.model_dump(mode="json"), ensure_ascii=False) for r in records)


def assert_clean(text: str) -> None:
    """No secret, and no 8 characters of one, anywhere in `text`."""
    for name, secret in SECRETS.items():
        pieces = {secret[i : i + 8] for i in range(len(secret) - 7)}
        assert not [p for p in pieces if p in text], f"the {name} secret reached the store"


def test_secrets_never_reach_records_indexes_or_vectors(memory: Memory, embedder: Any) -> None:
    out = memory.add(INPUT, user_id="alice", agent_id="helper", metadata=METADATA)
    assert {a["kind"] for a in out["alerts"]} == {"credential"}
    assert_clean(out.model_dump_json())
    records = list(memory.container.store.export(GROUP))
    assert_clean(dump(records))
    facts = [r for r in records if isinstance(r, Fact)]
    assert {f.value for f in facts} >= {"Oslo", "北京"}
    for fact in facts:  # every vector was computed from the sanitised text stored beside it
        assert fact.fact_embedding == pytest.approx(embedder.embed([fact.fact])[0], abs=1e-6)
    for secret in SECRETS.values():
        assert reads(memory.container.store).search.fulltext(GROUP, secret, 10, None, T0) == []
    assert any(isinstance(r, Episode) and MASKED.search(r.content) for r in records)


def test_an_asynchronous_write_never_stores_the_secret_in_its_queue(memory: Memory) -> None:
    pending = memory.add(INPUT, user_id="alice", metadata=METADATA, mode="async")
    queued = reads(memory.container.store).operations.get(pending["event_id"])
    assert queued is not None
    assert_clean(json.dumps(queued.model_dump(mode="json"), ensure_ascii=False))
    memory.run_pending()
    assert_clean(dump(list(memory.container.store.export(GROUP))))


def test_the_embedded_database_file_holds_no_secret(
    tmp_path: Path, extractor: Any, embedder: Any
) -> None:
    from graph.backends.sqlite import SqliteStore
    from service.bootstrap import bootstrap
    from service.settings import Settings

    store = SqliteStore(tmp_path / "memory.db")
    container = bootstrap(Settings(), store=store, extractor=extractor, embedder=embedder)
    memory = Memory(container=container)
    memory.add(INPUT, user_id="alice", metadata=METADATA)
    memory.add(INPUT, user_id="alice", metadata=METADATA, mode="async")
    memory.run_pending()
    memory.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert raw, "the database files are empty: the test would prove nothing"
    for name, secret in SECRETS.items():
        assert secret.encode() not in raw, f"the {name} secret is in the database file"


@pytest.mark.parametrize("infer", [True, False])
def test_a_credential_turn_is_recallable_without_its_value(memory: Memory, infer: bool) -> None:
    key = SECRETS["openai"]
    out = memory.add(f"here is my OpenAI key {key}", user_id="alice", infer=infer)
    assert_clean(out.model_dump_json())
    shared = [r for r in out["results"] if r["fact"]["predicate"] == "shared_credential"]
    assert [r["fact"]["value"] for r in shared] == ["OpenAI API key"]
    assert shared[0]["memory"] == "shared an OpenAI API key (the value was masked)"
    assert shared[0]["fact"]["episode_id"]


def test_no_fact_or_entity_is_made_of_a_placeholder(memory: Memory) -> None:
    memory.add(["数据库密码是qwe123ASD", "My db password: Xy9secret!"], user_id="alice")
    records = list(memory.container.store.export(GROUP))
    names = [r.name for r in records if isinstance(r, Entity)]
    facts = [r for r in records if isinstance(r, Fact)]
    assert not [n for n in names if "REDACTED" in n]
    assert not [f for f in facts if "REDACTED" in f.value or "REDACTED" in f.subject]
    assert {f.predicate for f in facts} == {"shared_credential"}
