"""DNS rebinding and framing (issue 34, finding 3), through a live server on loopback with the
default settings (no API keys) and real headless Chromium: a request naming another host is
421 on every surface (REST, GraphQL, the page, MCP) and changes nothing; a page of another site
is refused (403); the page carries its security headers and cannot be framed by another site,
while it still works (tests/api/test_ui_browser.py runs it under the same headers)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from service.clients.memory import Memory
from service.http.app import create_app
from service.http.hosts import allowed_hosts
from tests.support.live import live_server

REBOUND = "rebound.example"
MCP_LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


@pytest.fixture
def site(memory: Memory) -> Iterator[str]:
    memory.add("I live in Oslo.", user_id="alice")
    with live_server(create_app(memory.container)) as url:
        yield url


def calls(base: str) -> list[httpx.Request]:
    graphql = {"query": '{ facts(userId: "alice") { facts { value } } }'}
    return [
        httpx.Request("GET", f"{base}/v1/facts", params={"user_id": "alice"}),
        httpx.Request("GET", f"{base}/v1/export", params={"user_id": "alice"}),
        httpx.Request("DELETE", f"{base}/v1/users/alice"),
        httpx.Request("POST", f"{base}/graphql", json=graphql),
        httpx.Request("GET", f"{base}/ui"),
        httpx.Request("POST", f"{base}/mcp", json=MCP_LIST, headers=MCP_HEADERS),
    ]


def test_a_rebound_host_is_refused_on_every_surface(memory: Memory, site: str) -> None:
    port = site.rsplit(":", 1)[1]
    with httpx.Client(timeout=60) as client:
        for request in calls(site):
            request.headers["Host"] = f"{REBOUND}:{port}"
            answer = client.send(request)
            assert answer.status_code == 421, (request.url.path, answer.text)
            if request.url.path != "/mcp":
                assert answer.json()["error"]["code"] == "misdirected_request"
        assert [f["value"] for f in memory.facts(user_id="alice")["facts"]] == ["Oslo"]
        for request in calls(site)[:2] + calls(site)[3:]:
            assert client.send(request).status_code == 200, request.url.path


def test_a_page_of_another_site_is_refused(memory: Memory, site: str) -> None:
    body = {"messages": "I moved to Pwnedville.", "user_id": "alice"}
    with httpx.Client(timeout=60) as client:
        for origin in ("http://evil.example", "null", f"http://{REBOUND}:80"):
            refused = client.post(f"{site}/v1/memories", json=body, headers={"Origin": origin})
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
        assert [f["value"] for f in memory.facts(user_id="alice")["facts"]] == ["Oslo"]
        same = client.post(f"{site}/v1/memories", json=body, headers={"Origin": site})
        assert same.status_code == 200, same.text


def test_the_allowed_hosts_are_configurable(memory: Memory) -> None:
    update = {"allowed_hosts": ["memory.example"]}
    memory.container.settings = memory.container.settings.model_copy(update=update)
    with TestClient(create_app(memory.container), base_url="http://memory.example") as named:
        assert named.get("/v1/facts", params={"user_id": "alice"}).status_code == 200
        loopback = named.get("http://127.0.0.1/v1/facts", params={"user_id": "alice"})
        assert loopback.status_code == 421


def test_the_default_hosts_follow_the_bind_address() -> None:
    assert allowed_hosts("127.0.0.1", None) == {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts("::1", None) == {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts("10.1.2.3", None) == {"10.1.2.3"}
    assert allowed_hosts("0.0.0.0", None) is None  # names unknown: warned unless keys are on
    assert allowed_hosts("0.0.0.0", ["Memory.Example", "[::1]"]) == {"memory.example", "::1"}


def test_the_page_carries_its_security_headers(site: str) -> None:
    for path in ("/ui", "/ui/static/app.js", "/ui/static/app.css"):
        headers = httpx.get(f"{site}{path}", timeout=60).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp, path
        assert "frame-ancestors 'none'" in csp and headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_another_site_cannot_frame_the_page(browser: WebDriver, site: str) -> None:
    """A page on another origin (localhost, another port) frames the review queue: Chromium
    refuses to show it (before, the frame held the page and its buttons)."""

    def framing(_: object) -> HTMLResponse:
        return HTMLResponse(f'<iframe id="framed" src="{site}/ui#/review"></iframe>')

    other = Starlette(routes=[Route("/", framing)])
    with live_server(other) as evil:
        browser.get(evil.replace("127.0.0.1", "localhost") + "/")
        frame = WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "framed"))
        browser.switch_to.frame(frame)
        try:
            WebDriverWait(browser, 30).until(
                lambda d: d.execute_script("return document.readyState") == "complete"
            )
            assert browser.find_elements(By.ID, "search-form") == []
        finally:
            browser.switch_to.default_content()
        browser.get(f"{site}/ui")
        WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.ID, "search-form"))
