"""The /ui page in a real headless Chromium (Debian's `chromium` and `chromium-driver`, driven
by Selenium; no browser is downloaded), against a live server on each backend, with API keys
on. Screenshots go to test-artifacts/ui/<backend>/."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from service.clients.memory import Memory
from service.http.app import create_app
from tests.read.stories import at, clock_of
from tests.support.live import live_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"  # the `browser` fixture: tests/support/browser.py


def story(memory: Memory) -> None:
    """alice lived in Berlin (told in January 2025), moved to Paris (told January 2026), works
    at Acme; a held candidate and a dispute wait for review."""
    clock = clock_of(memory)
    clock.set(at(2025, 1, 10, 9))
    memory.add("I live in Berlin.", user_id="alice", observation_date="2024-02-01")
    clock.set(at(2026, 1, 15, 9))
    memory.add("I moved to Paris.", user_id="alice", observation_date="2026-01-15")
    memory.add("I work at Acme.", user_id="alice", observation_date="2025-03-01")
    memory.add("The owner of the production payments service is Zhang San", user_id="alice")
    memory.add("Atlas supports SSO.", user_id="alice")
    memory.add("Atlas does not support SSO.", user_id="alice")
    clock.set(at(2026, 3, 1, 12))


@pytest.fixture
def site(memory: Memory) -> Iterator[str]:
    story(memory)
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps({"alice-key": "alice"}))}
    )
    with live_server(create_app(memory.container)) as url:
        yield url


def ready(driver: WebDriver, prefix: str) -> None:
    def done(d: WebDriver) -> bool:
        state: Any = d.execute_script("return document.body.dataset.ready || ''")
        return str(state).startswith(prefix)

    def why(d: WebDriver) -> str:
        state = d.execute_script("return document.body.dataset.ready || ''")
        shown = d.execute_script("return document.body.innerText.slice(0, 600)")
        return f"page never became {prefix!r}: ready={state!r}, url={d.current_url}, text={shown!r}"

    try:
        WebDriverWait(driver, 60).until(done)
    except TimeoutException:
        pytest.fail(why(driver), pytrace=False)


def texts(driver: WebDriver, css: str) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, css)]


def pick(driver: WebDriver, element_id: str, value: str) -> None:
    driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('change'));",
        element_id,
        value,
    )


def shots(backend: str) -> Path:
    folder = ROOT / "test-artifacts" / "ui" / backend
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_entity_page_answers_every_time_question(
    browser: WebDriver, site: str, backend: str
) -> None:
    folder = shots(backend)
    browser.get(f"{site}/ui")
    browser.execute_script("sessionStorage.clear()")
    browser.get(f"{site}/ui")
    ready(browser, "home")
    browser.find_element(By.ID, "q").send_keys("where do I live")
    browser.find_element(By.CSS_SELECTOR, "#search-form button").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "key-dialog").is_displayed())
    browser.find_element(By.ID, "key").send_keys("alice-key")
    browser.find_element(By.ID, "key-save").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#results li"))
    assert any("Paris" in t for t in texts(browser, "#results li"))
    assert browser.execute_script("return sessionStorage.getItem('palimpsest-key')") == "alice-key"

    browser.get(f"{site}/ui#/entity/alice")
    ready(browser, "entity:alice::")
    assert "Paris" in texts(browser, "#facts td.value")
    assert "Berlin" not in texts(browser, "#facts td.value")
    assert any("I moved to Paris" in t for t in texts(browser, "#facts td.episode"))
    assert "ledger verified" in browser.find_element(By.ID, "ledger").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#timeline-svg rect.bar")) >= 3
    assert browser.find_elements(By.CSS_SELECTOR, "#timeline-svg path.supersedes")
    names = {
        e.get_attribute("data-name")
        for e in browser.find_elements(By.CSS_SELECTOR, "#graph-svg circle")
    }
    assert {"alice", "Paris", "Acme"} <= names
    browser.save_screenshot(str(folder / "entity-now.png"))

    pick(browser, "as-of", "2025-06-01")
    ready(browser, "entity:alice:2025-06-01:")
    assert "Berlin" in texts(browser, "#facts td.value")
    assert "Paris" not in texts(browser, "#facts td.value")
    assert browser.find_elements(By.CSS_SELECTOR, "#timeline-svg line.asof")
    browser.save_screenshot(str(folder / "entity-as-of-2025.png"))

    browser.find_element(By.ID, "now").click()
    ready(browser, "entity:alice::")
    pick(browser, "known-at", "2025-06-01T00:00")
    ready(browser, "entity:alice::2025-06-01T00:00")
    assert "Berlin" in texts(browser, "#facts td.value")
    assert "Paris" not in texts(browser, "#facts td.value")
    browser.save_screenshot(str(folder / "entity-known-at-2025.png"))


def test_the_review_queue_confirms_and_rejects(
    browser: WebDriver, site: str, backend: str, memory: Memory
) -> None:
    browser.get(f"{site}/ui")
    browser.execute_script("sessionStorage.setItem('palimpsest-key', 'alice-key')")
    browser.get(f"{site}/ui#/review")
    ready(browser, "review:1:2")
    browser.save_screenshot(str(shots(backend) / "review.png"))
    (candidate,) = memory.candidates(user_id="alice")["candidates"]
    browser.find_element(By.ID, f"confirm-{candidate['id']}").click()
    ready(browser, "review:0:")
    assert memory.candidates(user_id="alice")["candidates"] == []
    disputed = memory.facts(user_id="alice", verify_status=["contradicted"])["facts"]
    browser.find_element(By.ID, f"reject-{disputed[0]['id']}").click()
    WebDriverWait(browser, 30).until(
        lambda d: not d.find_elements(By.ID, f"reject-{disputed[0]['id']}")
    )
    assert memory.verify_ledger(user_id="alice")["ok"]


def test_the_docs_screenshot_exists() -> None:
    assert (ROOT / "docs" / "ui-entity.png").stat().st_size > 10_000
    assert shutil.which("chromium") or Path(CHROMIUM).exists()


@pytest.fixture
def talk(memory: Memory) -> Iterator[str]:
    """alice talks about a film and its lead actor (issue 37), and about herself."""
    memory.add("Have you seen the film Gattaca? Ethan Hawke plays the lead.", user_id="alice")
    memory.add("He was born on November 6, 1970.", user_id="alice")
    memory.add("他的身高是178厘米。", user_id="alice")
    memory.add("I live in Berlin.", user_id="alice")
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps({"alice-key": "alice"}))}
    )
    with live_server(create_app(memory.container)) as url:
        yield url


def test_a_third_partys_facts_are_on_its_own_page(
    browser: WebDriver, talk: str, backend: str
) -> None:
    browser.get(f"{talk}/ui")
    browser.execute_script("sessionStorage.setItem('palimpsest-key', 'alice-key')")
    browser.get(f"{talk}/ui#/entity/Ethan%20Hawke")
    ready(browser, "entity:Ethan Hawke::")
    values = texts(browser, "#facts td.value")
    assert "November 6, 1970" in values and "178厘米" in values
    browser.save_screenshot(str(shots(backend) / "entity-third-party.png"))
    browser.get(f"{talk}/ui#/entity/alice")
    ready(browser, "entity:alice::")
    values = texts(browser, "#facts td.value")
    assert "Berlin" in values
    assert not {"November 6, 1970", "178厘米", "Ethan Hawke"} & set(values)
