"""Every `python -m bench...` command the docs name runs a module that exists, the commands of
the flat layout before still run (bench.MOVED), and no flat module is left beside them."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bench

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED = [
    ROOT / "README.md",
    ROOT / "Makefile",
    *ROOT.glob("docs/*.md"),
    *ROOT.glob("scripts/*"),
]
COMMAND = re.compile(r"python -m\s+(bench(?:\.\w+)+)")


def documented() -> list[str]:
    found = {m.group(1) for path in DOCUMENTED for m in COMMAND.finditer(path.read_text("utf-8"))}
    return sorted(found)


def runs(name: str) -> bool:
    """`python -m name` finds a file to run: a module, or a package with its `__main__`."""
    spec = importlib.util.find_spec(name)
    if spec is not None and spec.submodule_search_locations is not None:
        spec = importlib.util.find_spec(f"{name}.__main__")
    return spec is not None and spec.origin is not None and Path(spec.origin).is_file()


def test_the_docs_name_commands() -> None:
    assert {"bench.recall", "bench.scale", "bench.write", "bench.when.timex"} <= set(documented())


@pytest.mark.parametrize("name", documented())
def test_every_documented_command_runs_a_module(name: str) -> None:
    assert runs(name), f"`python -m {name}` names no module"


@pytest.mark.parametrize("old", sorted(bench.MOVED))
def test_an_old_command_runs_its_new_module(old: str) -> None:
    assert not (ROOT / "bench" / f"{old}.py").exists(), "the flat module is still there"
    assert runs(bench.MOVED[old])
    assert runs(f"bench.{old}")


def test_an_old_command_runs_from_the_shell() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.when_timex", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "TempEval-3" in done.stdout


def test_an_unknown_command_is_still_unknown() -> None:
    assert importlib.util.find_spec("bench.no_such_bench") is None
