"""Real headless Chromium (Debian's `chromium` and `chromium-driver`, driven by Selenium; no
browser is downloaded): the `browser` fixture of the page tests (tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,1500",
)  # fmt: skip


def chromium() -> Iterator[WebDriver]:
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.fail("chromium and chromium-driver are required (apt-get install -y chromium "
                    "chromium-driver; scripts/check.sh installs them)", pytrace=False)  # fmt: skip
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def fresh_tab(driver: WebDriver) -> Iterator[WebDriver]:
    """Open a new tab for one test and close it afterwards: a new top-level page starts with
    empty sessionStorage whatever origin it visits."""
    previous = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        yield driver
    finally:
        driver.close()
        driver.switch_to.window(previous)
