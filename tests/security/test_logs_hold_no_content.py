"""Logs carry no content (issue 34, finding 6): a real `palimpsest serve` (its own logging, its
access log at INFO) and a real `palimpsest mcp --url` in front of it are driven over REST,
GraphQL, MCP's streamable HTTP endpoint (the SDK's client; its tools call the REST routes with
httpx) and MCP's stdio; then their logs are searched for the planted credential, the
question's text and the name the paths carried. The access lines are there, naming routes."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

ROOT = Path(__file__).resolve().parents[2]
SECRET = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
QUESTION = "where did Zebulon hide the spare key"
MAIN = "import sys; from service.cli import main; sys.exit(main())"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path, dict[str, str]]]:
    port, log = free_port(), tmp_path / "serve.log"
    env = {
        **os.environ, "PYTHONPATH": str(ROOT), "PALIMPSEST_EMBEDDER": "hashing",
        "PALIMPSEST_DATA_DIR": str(tmp_path / "data"), "PALIMPSEST_WARM_QUERIES": "false",
    }  # fmt: skip
    command = [sys.executable, "-c", MAIN, "serve", "--port", str(port)]
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=env, stdout=sink, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while not _ready(base):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(1)
        yield base, log, env
    finally:
        process.terminate()
        process.wait(60)


def _ready(base: str) -> bool:
    try:
        return httpx.get(f"{base}/readyz", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


def drive_http(base: str) -> None:
    text = f"Zebulon hid the spare key under the mat; my token is {SECRET}"
    with httpx.Client(base_url=base, timeout=120) as client:
        assert client.post("/v1/memories", json={"messages": text, "user_id": "alice"}).is_success
        found = client.get("/v1/search", params={"q": f"{QUESTION} {SECRET}", "user_id": "alice"})
        assert found.is_success
        assert client.get("/v1/entities/Zebulon/history", params={"user_id": "alice"}).is_success
        query = 'query($q: String!) { search(q: $q, userId: "alice") { id } }'
        graphql = client.post("/graphql", json={"query": query, "variables": {"q": QUESTION}})
        assert "errors" not in graphql.json(), graphql.text


async def search_over_mcp(client: Client) -> Any:
    result = await client.call_tool("search_memory", {"query": QUESTION, "user_id": "alice"})
    assert not result.is_error, result.content
    return result.structured_content


def test_no_log_holds_a_secret_a_question_or_a_name(
    served: tuple[str, Path, dict[str, str]], tmp_path: Path
) -> None:
    base, log, env = served
    drive_http(base)
    stdio_log = tmp_path / "mcp-stdio.log"

    async def agents() -> None:
        async with Client(streamable_http_client(f"{base}/mcp")) as over_http:
            await search_over_mcp(over_http)
        params = StdioServerParameters(
            command=sys.executable, args=["-c", MAIN, "mcp", "--url", base], env=env
        )
        with stdio_log.open("w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=120) as c:
                await search_over_mcp(c)

    asyncio.run(agents())
    time.sleep(1)  # the access lines of the last requests
    logs = {"serve": log.read_text(), "mcp --url": stdio_log.read_text()}
    for name, text in logs.items():
        for planted in (SECRET, "Zebulon", "spare key", "spare+key", "spare%20key"):
            assert planted not in text, (name, planted, text[-2000:])
    assert '"GET /v1/search HTTP/1.1" 200' in logs["serve"], logs["serve"][-2000:]
    assert "/v1/entities/{name}/history" in logs["serve"]
