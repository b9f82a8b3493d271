"""Another checkout's code run beside this one, for ratios measured in one run (`--before`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


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
