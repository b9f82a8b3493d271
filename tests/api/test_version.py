"""One version source: `palimpsest --version`, `/healthz`, `/readyz` and the OpenAPI document all
print `service.version.__version__` (the package metadata is checked by the wheel test)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from service.cli import main
from service.version import __version__


def test_the_version_is_pep_440() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", __version__)


def test_cli_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"palimpsest {__version__}"


def test_health_and_openapi_carry_the_version(client: TestClient) -> None:
    assert client.get("/healthz").json()["version"] == __version__
    assert client.get("/openapi.json").json()["info"]["version"] == __version__
