"""Public benchmark data, kept out of the repository and checked by checksum.

What a benchmark reads from a public data set is never committed: the repository holds only a
manifest per set (`bench/data/<name>.toml`: source repository, commit, the source files, license,
attribution, how the slice is derived and its sha256). `python -m bench.data NAME --mirror
GIT_DIR` makes the slice once from a local git snapshot of the source repository at the recorded
commit and stores it in the cache folder (`PALIMPSEST_BENCH_DATA`, default
`~/.cache/palimpsest/bench`); `dataset_path(NAME)` hands the cached file to a benchmark after
checking its sha256, or fails with the command that makes it.

The test suite never reads these files: it runs each benchmark's code on a tiny slice written
for the tests (tests/bench/), so the code cannot rot and no fetched byte is needed in CI.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

MANIFESTS = Path(__file__).resolve().parent


class DatasetMissing(RuntimeError):
    """The cached slice is absent or does not match its manifest's checksum."""


@dataclass(frozen=True)
class Manifest:
    """What `bench/data/<name>.toml` records about one data set."""

    name: str
    file: str
    sha256: str
    repository: str
    commit: str
    paths: tuple[str, ...]
    license: str
    attribution: str
    derive: str
    """`module:function` that turns the source files into the slice."""


def cache_dir() -> Path:
    configured = os.environ.get("PALIMPSEST_BENCH_DATA")
    return Path(configured) if configured else Path.home() / ".cache" / "palimpsest" / "bench"


def manifest(name: str) -> Manifest:
    path = MANIFESTS / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in MANIFESTS.glob("*.toml"))
        raise DatasetMissing(f"no manifest bench/data/{name}.toml (known: {', '.join(known)})")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Manifest(
        name=name,
        file=str(data["file"]),
        sha256=str(data["sha256"]),
        repository=str(data["repository"]),
        commit=str(data["commit"]),
        paths=tuple(str(p) for p in data["paths"]),
        license=str(data["license"]),
        attribution=str(data["attribution"]),
        derive=str(data["derive"]),
    )


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dataset_path(name: str) -> Path:
    """The cached slice of data set `name`, checked against its manifest."""
    info = manifest(name)
    path = cache_dir() / name / info.file
    how = (
        f"make it with `python -m bench.data {name} --mirror <git dir of a snapshot of "
        f"{info.repository} that has commit {info.commit}>` (see bench/data/{name}.toml)"
    )
    if not path.is_file():
        raise DatasetMissing(f"benchmark data {name!r} is not at {path}: {how}")
    actual = sha256_of(path)
    if actual != info.sha256:
        raise DatasetMissing(
            f"benchmark data {name!r} at {path} has sha256 {actual}, the manifest says "
            f"{info.sha256}: {how}"
        )
    return path
