"""Another checkout's code run beside this one, for ratios measured in one run (`--before`)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]


def tree_of(before: str) -> Path:
    """A folder holding an older checkout: `before` itself when it is one, else the git
    revision `before` of this repository exported into a temporary folder."""
    if Path(before).is_dir():
        return Path(before)
    folder = Path(tempfile.mkdtemp(prefix="palimpsest-before-"))
    archive = subprocess.run(
        ["git", "-C", str(HERE), "archive", before], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def in_tree(tree: Path, script: str, payload: object) -> Any:
    """`script` (JSON in on stdin, JSON out on stdout) run in a fresh process with `tree` first
    on the path: another checkout's code, never sharing modules with this one."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        cwd=tree,  # `python -c` puts the working directory first on the path
    )
    return json.loads(done.stdout)
