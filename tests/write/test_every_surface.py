"""One masking for every surface (issue 30, item 4): credentials of every class the notary
knows, written through every write path (single, batch, async, import, MCP; graphiti's
migration in tests/graphiti/test_migrate_secrets.py), in messages, metadata values and the
`source` field, on both backends. Afterwards no piece of any credential is in any stored cell
(every property of every node and relationship, read back by the backend's own query), in the
embedded database's files (and their WAL), in the operation log and its results, in any log
line or in any answer; and the episode body, the answer and the value-free record all carry the
same placeholders."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from bench.notary.cases import leaked
from graph.backends.sqlite import SqliteStore
from graph.domain.model import Episode, Fact
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.agent.server import stdio_server
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.http.logs import LOGGERS, install_log_redaction
from service.settings import Settings
from service.tenancy.importer import ImportDefaults, read_items, run_import

_RNG = random.Random(4)
_B64 = string.ascii_letters + string.digits + "+/"


def _draw(alphabet: str, size: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(size))


def _password() -> str:
    return "".join(
        (_draw("ABCDEFGH", 2), _draw("pqrstuvw", 4), _draw("23456789", 3), "!", _draw("xyz", 2))
    )


SECRETS = {
    "prose": _password(),
    "short label": _password(),
    "command line": _password(),
    "provider": "AKIA" + _draw(string.ascii_uppercase + string.digits, 16),
    "url": _password().replace("!", "_"),
    "chinese": _password(),
    "key line 1": _draw(_B64, 64),
    "key line 2": _draw(_B64, 64),
    "metadata field": _draw(string.ascii_letters + string.digits, 40),
    "metadata value": _draw(string.ascii_letters + string.digits, 36),
    "source": _password().replace("!", "_"),
}
KEY = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    f"{SECRETS['key line 1']}\n{SECRETS['key line 2']}\n-----END RSA PRIVATE KEY-----"
)
MESSAGES = [
    {"role": "user", "content": f"My database password is {SECRETS['prose']} and I live in Oslo."},
    {"role": "user", "content": f"PW: {SECRETS['short label']}"},
    {"role": "assistant", "content": f"Run mysql -u root -p{SECRETS['command line']} shop"},
    {"role": "user", "content": f"the deploy key is {SECRETS['provider']}"},
    {"role": "user", "content": f"DATABASE_URL=postgres://app:{SECRETS['url']}@db:5432/app"},
    {"role": "user", "content": f"我的密码是{SECRETS['chinese']}，我住在北京"},
    {"role": "user", "content": f"here is my key:\n{KEY}"},
]
METADATA = {"api_key": SECRETS["metadata field"], "note": f"token={SECRETS['metadata value']}"}
SOURCE = f"https://bob:{SECRETS['source']}@files.example.com/notes.txt"


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def logs() -> Iterator[Lines]:
    install_log_redaction()
    handler = Lines()
    root = logging.getLogger()
    old = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield handler
    root.removeHandler(handler)
    root.setLevel(old)


@pytest.fixture
def surfaces(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, extractor: Any, embedder: Any
) -> Iterator[tuple[Memory, Path | None]]:
    """A `Memory` on each backend; on the embedded one a file store whose bytes are scanned."""
    if backend == "sqlite":
        store: Store = SqliteStore(tmp_path / "memory.db")
        folder: Path | None = tmp_path
    else:
        store = request.getfixturevalue("store")
        folder = None
    container = bootstrap(Settings(), store=store, extractor=extractor, embedder=embedder)
    yield Memory(container=container), folder
    if folder is not None:
        store.close()


def _dump(value: Any) -> str:
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json")
    return json.dumps(value, ensure_ascii=False, default=str)


def _write_everything(memory: Memory, tmp_path: Path) -> list[str]:
    """Every write path once; what each answered (and the operation log's rows), as JSON."""
    out: list[str] = []
    common = {"metadata": METADATA, "source": SOURCE}
    out.append(_dump(memory.add(MESSAGES, user_id="single", **common)))
    batch = memory.add_batch([{"messages": MESSAGES, "user_id": "batch", **common}])
    out.append(_dump(batch))
    queued = memory.add(MESSAGES, user_id="queued", mode="async", **common)
    out.append(_dump(queued))
    event = str(queued["event_id"])
    out.append(_dump(memory.get_operation(event, user_id="queued")))
    memory.run_pending()
    out.append(_dump(memory.get_operation(event, user_id="queued")))
    lines = [json.dumps({"messages": MESSAGES, **common})]
    (tmp_path / "import.jsonl").write_text("\n".join(lines), encoding="utf-8")
    items = read_items(tmp_path / "import.jsonl", ImportDefaults(user_id="imported"))
    report = run_import(memory.container.writes, items)
    out.append(_dump(report.counts()))
    out.append(_dump(asyncio.run(_through_mcp(memory))))
    return out


async def _through_mcp(memory: Memory) -> dict[str, Any]:
    async with Client(stdio_server(memory)) as client:
        result = await client.call_tool(
            "add_memory", {"messages": MESSAGES, "user_id": "mcp", "metadata": METADATA}
        )
        assert not result.is_error, result.content
        return dict(result.structured_content or {})


USERS = ("single", "batch", "queued", "imported", "mcp")


def _files(folder: Path) -> str:
    return b"".join(p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()).decode(
        "latin-1"
    )


def test_no_credential_on_any_surface(
    surfaces: tuple[Memory, Path | None], tmp_path: Path, logs: Lines
) -> None:
    memory, folder = surfaces
    (tmp_path / "in").mkdir()
    answers = _write_everything(memory, tmp_path / "in")
    cells = memory.container.store.maintenance().stored_text()
    files = _files(folder) if folder is not None else ""
    haystack = "\n".join((*answers, cells, files, *logs.lines))
    assert "REDACTED" in cells and "Oslo" in cells, "the probe read nothing the notary wrote"
    assert not folder or "REDACTED" in files, "the database files hold no text: proves nothing"
    left = [name for name, secret in SECRETS.items() if leaked(secret, haystack)]
    assert left == []


def test_every_surface_carries_the_same_placeholders(
    surfaces: tuple[Memory, Path | None], tmp_path: Path, logs: Lines
) -> None:
    memory, _ = surfaces
    answer = memory.add(MESSAGES, user_id="single", metadata=METADATA, source=SOURCE)
    records = list(memory.container.store.export(TenantScope(user_id="single").group_id))
    episodes = [r for r in records if isinstance(r, Episode)]
    facts = [r for r in records if isinstance(r, Fact)]
    stored = "\n".join(e.content for e in episodes)
    for placeholder in ("[REDACTED:password]", "[REDACTED:private_key]"):
        assert placeholder in stored, stored
    dump = "\n".join(_dump(r) for r in records)
    assert "bob:[REDACTED:" in dump, "the source field is not stored masked"
    assert '"api_key": "[REDACTED:' in dump and "token=[REDACTED:" in dump, "metadata"
    shared = {f.value for f in facts if f.predicate == "shared_credential"}
    assert {"password", "private key"} <= {v.lower() for v in shared}, shared
    assert not [f for f in facts if "REDACTED" in f.value or "REDACTED" in f.subject]
    said = [r for r in answer["results"] if r["fact"]["predicate"] == "shared_credential"]
    assert said and all("masked" in r["memory"] for r in said)
    for line in logs.lines:
        assert not any(leaked(s, line) for s in SECRETS.values()), line
    assert set(LOGGERS) >= {"palimpsest", "palimpsest.write"}


@pytest.mark.parametrize(
    ("said", "asked", "kind"),
    [
        ("here is my OpenAI key sk-proj-{t}", "what is my OpenAI key?", "OpenAI API key"),
        ("PW: {p}", "what is my password?", "password"),
        ("mysql -u root -p{p} shop", "what was the database password?", "password"),
        ("我的密码是{p}", "我的密码是什么？", "password"),
    ],
)
def test_a_credential_turn_is_found_by_asking_for_it_without_its_value(
    memory: Memory, said: str, asked: str, kind: str
) -> None:
    secret, token = _password(), _draw(string.ascii_letters + string.digits, 40)
    memory.add(said.format(p=secret, t=token), user_id="vault")
    found = memory.search(asked, user_id="vault", limit=5)
    shown = _dump(found)
    assert not leaked(secret, shown) and not leaked(token, shown)
    texts = [r["memory"] for r in found["results"]]
    assert any(kind.lower() in t.lower() and "masked" in t for t in texts), texts
