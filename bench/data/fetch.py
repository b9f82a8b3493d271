"""Make a benchmark's data slice once, from a local git snapshot of its source repository.

    python -m bench.data NAME --mirror GIT_DIR

Reads the manifest `bench/data/NAME.toml`, takes the source files at the recorded commit from
GIT_DIR (a bare or ordinary git directory holding that commit), derives the slice with the
manifest's `derive` function, checks its sha256 and writes it into the cache folder (see
`bench.data.sets`). Nothing is downloaded: the snapshot is whatever copy of the public repository
you have.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from bench.data.sets import cache_dir, manifest, sha256_of

Reader = Callable[[str], bytes]


def reader(git_dir: Path, commit: str) -> Reader:
    """A function returning one file of the snapshot at `commit`."""

    def read(path: str) -> bytes:
        done = subprocess.run(
            ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
            capture_output=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"{git_dir} has no {path} at {commit}: {done.stderr.decode()}")
        return done.stdout

    return read


def derive_function(spec: str) -> Callable[[Reader, tuple[str, ...]], bytes]:
    module, _, name = spec.partition(":")
    fn: Callable[[Reader, tuple[str, ...]], bytes] = getattr(importlib.import_module(module), name)
    return fn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.data", description=__doc__)
    parser.add_argument("name", help="the data set (a manifest in bench/data/)")
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of the snapshot")
    args = parser.parse_args(argv)
    info = manifest(args.name)
    print(f"deriving {info.name} from {info.repository}@{info.commit[:12]} ...", flush=True)
    data = derive_function(info.derive)(reader(args.mirror, info.commit), info.paths)
    target = cache_dir() / info.name / info.file
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + ".partial")
    partial.write_bytes(data)
    actual = sha256_of(partial)
    if actual != info.sha256:
        partial.unlink()
        print(f"sha256 {actual} != manifest {info.sha256}: not stored", file=sys.stderr)
        return 1
    partial.replace(target)
    print(f"stored {target} ({len(data):,} bytes, sha256 verified)")
    return 0
