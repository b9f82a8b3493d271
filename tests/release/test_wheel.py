"""A release that installs: `python -m build` makes the sdist and the wheel, and the wheel,
installed into a fresh virtual environment with its dependencies from the package index, runs
`palimpsest --version`, `palimpsest serve` and one add. The version the package metadata, the
command line, `/healthz` and the OpenAPI document print is one (service/version.py).

Slow (a few minutes: the build, then the dependencies into a new environment; pip's cache makes
a second run quicker). It needs the package index, as installing does.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.version import __version__

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow
# The fresh environment must not see this checkout: no PYTHONPATH, and it runs elsewhere.
CLEAN = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


def run(*command: str | Path, cwd: Path | None = None, timeout: float = 1200) -> str:
    done = subprocess.run(
        [str(c) for c in command],
        check=False,
        cwd=cwd or Path(tempfile.gettempdir()),
        env=CLEAN,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", out, ROOT)
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    run(sys.executable, "-m", "venv", venv)
    (wheel,) = dist.glob("*.whl")
    run(venv / "bin" / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel)
    return venv


def test_build_makes_an_sdist_and_a_wheel_of_this_version(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    assert wheel.name.startswith(f"palimpsest_memory-{__version__}-py3-none-any")
    assert sdist.name == f"palimpsest_memory-{__version__}.tar.gz"
    names = zipfile.ZipFile(wheel).namelist()
    for packaged in (
        "cypher/facts_record.cypher",
        "graph/backends/sqlite/schema.sql",
        "service/ui/static/app.js",
        "service/read/synonyms.toml",
    ):
        assert packaged in names, packaged
    assert not [n for n in names if n.startswith(("tests/", "bench/"))]
    with tarfile.open(sdist) as archive:
        assert f"palimpsest_memory-{__version__}/pyproject.toml" in archive.getnames()


def test_the_installed_wheel_reports_one_version(installed: Path) -> None:
    python = installed / "bin" / "python"
    metadata = run(
        python, "-c", "import importlib.metadata as m; print(m.version('palimpsest-memory'))"
    )
    assert metadata.strip() == __version__
    assert run(installed / "bin" / "palimpsest", "--version").strip() == f"palimpsest {__version__}"


@pytest.fixture(scope="module")
def served(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    data = tmp_path_factory.mktemp("data")
    command = [
        str(installed / "bin" / "palimpsest"),
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(data),
    ]
    log = data / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(command, cwd=data, env=CLEAN, stdout=sink, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(f"{base}/readyz", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(1)
        else:
            pytest.fail(f"the installed service did not become ready: {log.read_text()[-3000:]}")
        yield base
    finally:
        process.terminate()
        process.wait(30)


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.loads(answer.read())


def test_the_installed_service_serves_an_add(served: str) -> None:
    body = json.dumps(
        {
            "messages": "I moved to Berlin in 2023.",
            "user_id": "alice",
            "observation_date": "2023-06-01",
        }
    ).encode()
    request = urllib.request.Request(
        f"{served}/v1/memories", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        added = json.loads(answer.read())
    assert [r["event"] for r in added["results"]] == ["ADD"]
    facts = get(f"{served}/v1/facts?user_id=alice&subject=alice&as_of=2024")["facts"]
    assert [f["value"] for f in facts] == ["Berlin"]
    assert get(f"{served}/healthz")["version"] == __version__
    assert get(f"{served}/openapi.json")["info"]["version"] == __version__
