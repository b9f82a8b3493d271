#!/usr/bin/env bash
# Create .venv and install the project (and with `test`, its test extras). Idempotent and quick
# when nothing changed. pkuseg (Chinese segmentation, ships its model) builds from source and
# needs numpy and cython first, without build isolation.
#
#   scripts/install.sh [test]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON:-python3}"
[[ -x .venv/bin/python ]] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)

extras="."
[[ "${1:-}" == "test" ]] && extras=".[test]"
stamp=".venv/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)-${1:-run}"
if [[ ! -f "$stamp" ]]; then
  "${PIP[@]}" --upgrade pip wheel setuptools
  "${PIP[@]}" numpy cython
  .venv/bin/python -c "import pkuseg" 2>/dev/null || "${PIP[@]}" --no-build-isolation "pkuseg==0.0.25"
  "${PIP[@]}" -e "$extras"
  touch "$stamp"
fi
