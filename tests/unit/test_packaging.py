"""First run and containers: the install says what it does, the Docker build context is small
and installs the zh extra, the image has a readiness healthcheck, compose documents API keys."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_the_docker_context_leaves_out_everything_the_build_does_not_copy() -> None:
    ignored = set((ROOT / ".dockerignore").read_text().split())
    assert {".git", ".venv", "tests", "tools", "test-artifacts", "bench", "data"} <= ignored
    copied = re.findall(r"^COPY (\S+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    assert not set(copied) & ignored


def test_the_image_segments_chinese_and_reports_readiness() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'pip install ".[zh]"' in dockerfile
    assert "--no-build-isolation" in dockerfile and "pkuseg==" in dockerfile
    healthcheck = next(line for line in dockerfile.splitlines() if "CMD python" in line)
    assert "/readyz" in healthcheck and "HEALTHCHECK" in dockerfile


def test_the_image_is_built_in_two_stages_and_runs_without_a_compiler_as_a_user() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    stages = re.split(r"^FROM ", dockerfile, flags=re.MULTILINE)[1:]
    assert len(stages) == 2 and stages[0].startswith("${BASE} AS build")
    build, runtime = stages
    assert "build-essential" in build and "build-essential" not in runtime
    assert "COPY --from=build /opt/palimpsest /opt/palimpsest" in runtime
    assert "USER palimpsest" in runtime and "HEALTHCHECK" in runtime
    assert re.search(r"^ARG BASE=python:3\.11-slim-bookworm$", dockerfile, re.MULTILINE)


def test_compose_pins_the_neo4j_version_the_tests_run_against() -> None:
    pom = (ROOT / "tools" / "neo4j" / "pom.xml").read_text()
    version = re.search(r"<neo4j\.version>([\d.]+)</neo4j\.version>", pom)
    assert version
    compose = (ROOT / "docker-compose.yml").read_text()
    assert f"image: neo4j:{version.group(1)}-community" in compose


def test_ci_runs_the_container_check_after_the_suite() -> None:
    ci = (ROOT / ".ci" / "run").read_text().split()
    assert ci.index("container-check") > ci.index("check")
    script = ROOT / "scripts" / "container-check.sh"
    syntax = subprocess.run(["bash", "-n", str(script)], check=False)
    assert syntax.returncode == 0


def test_compose_starts_neo4j_and_documents_api_keys() -> None:
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "image: neo4j:5.26" in compose and "condition: service_healthy" in compose
    assert "PALIMPSEST_API_KEYS: ${PALIMPSEST_API_KEYS:-}" in compose
    assert "X-API-Key" in compose


def test_an_empty_api_keys_variable_means_no_keys() -> None:
    assert Settings(api_keys="").api_keys is None
    assert Settings(api_keys='{"k": "alice"}').api_keys is not None


def test_the_install_script_announces_each_step_and_its_duration() -> None:
    script = (ROOT / "scripts" / "install.sh").read_text()
    steps = re.findall(r'^step "(\d)/4 ([^"]+)" \\?\s*"?([^"]*)"?', script, re.MULTILINE)
    assert [n for n, _, _ in steps] == ["1", "2", "4"] and "3/4 pkuseg" in script
    assert "minutes" in script and "still working" in script
    syntax = subprocess.run(["bash", "-n", str(ROOT / "scripts" / "install.sh")], check=False)
    assert syntax.returncode == 0
