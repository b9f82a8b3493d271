"""A tiny OpenAI-compatible chat completions server for tests (no network beyond loopback).

    with FakeLLM([reply(facts=[...]), (500, {"error": "x"})]) as fake:
        extractor = LLMExtractor(base_url=fake.base_url, model="m")
        ...
        fake.requests[0].json["model"]

Each POST takes the next scripted answer. An answer is a `Reply`, a `(status, body)` pair (a
dict or list body is sent as JSON, a str or bytes body as is), or a callable that receives the
request JSON and returns one of those. When the script runs out, the last answer repeats. The
server records every request it received (path, headers, parsed JSON body).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

Body = dict[str, Any] | list[Any] | str | bytes


@dataclass(frozen=True)
class Reply:
    """One scripted answer; `delay` seconds of silence first (to stage a timeout)."""

    status: int = 200
    body: Body = field(default_factory=dict)
    delay: float = 0.0


Answer = Reply | tuple[int, Body]
Script = Answer | Callable[[Any], Answer]


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    json: Any


def completion(content: str) -> dict[str, Any]:
    """A chat completions body whose first choice says `content`."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": content},
            }
        ],
    }


def reply(facts: list[dict[str, Any]] | None = None, *, content: str | None = None) -> Reply:
    """A 200 answer carrying `{"facts": facts}` (or raw `content`) as the message content."""
    text = content if content is not None else json.dumps({"facts": facts or []})
    return Reply(200, completion(text))


class FakeLLM:
    """Serves scripted answers on 127.0.0.1:<random port> in a daemon thread."""

    def __init__(self, script: Iterable[Script] = ()) -> None:
        self.script: list[Script] = list(script)
        self.requests: list[Received] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self.port = self._server.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> FakeLLM:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._server.shutdown()
        self._server.server_close()

    def push(self, *answers: Script) -> None:
        with self._lock:
            self.script.extend(answers)

    def _next(self, payload: Any) -> Reply:
        with self._lock:
            if not self.script:
                return Reply(500, {"error": {"message": "fake LLM: script exhausted"}})
            item = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        answer = item(payload) if callable(item) else item
        return answer if isinstance(answer, Reply) else Reply(answer[0], answer[1])

    def _record(self, path: str, headers: dict[str, str], raw: bytes) -> Any:
        try:
            payload = json.loads(raw) if raw else None
        except ValueError:
            payload = raw.decode("utf-8", "replace")
        with self._lock:
            self.requests.append(Received(path, headers, payload))
        return payload

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k.lower(): v for k, v in self.headers.items()}
                answer = fake._next(fake._record(self.path, headers, raw))
                time.sleep(answer.delay)
                self._send(answer)

            def _send(self, answer: Reply) -> None:
                body = answer.body
                data = (
                    body
                    if isinstance(body, bytes)
                    else (body.encode() if isinstance(body, str) else json.dumps(body).encode())
                )
                try:
                    self.send_response(answer.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up (timeout test)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
