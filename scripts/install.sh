#!/usr/bin/env bash
# Create .venv and install the project (and with `test`, its test extras). Idempotent and quick
# when nothing changed. pkuseg (Chinese segmentation, ships its model) builds from source and
# needs numpy and cython first, without build isolation. Each step says what it does and about
# how long it takes; a long quiet step prints a line every 20 seconds so it never looks stuck.
#
#   scripts/install.sh [test]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON:-python3}"
[[ -x .venv/bin/python ]] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)

# step "what" "how long" command...: run it, with a heartbeat while it is quiet
step() {
  local what=$1 estimate=$2 started=$SECONDS
  shift 2
  echo "== $what ($estimate)"
  "$@" &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if (( (SECONDS - started) % 20 == 0 )) && kill -0 "$pid" 2>/dev/null; then
      echo "   ... still working ($((SECONDS - started)) s)"
    fi
  done
  local status=0
  wait "$pid" || status=$?
  if (( status != 0 )); then
    echo "   FAILED after $((SECONDS - started)) s: $what" >&2
    return "$status"
  fi
  echo "   done in $((SECONDS - started)) s"
}

extras="."
[[ "${1:-}" == "test" ]] && extras=".[test]"
stamp=".venv/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)-${1:-run}"
if [[ -f "$stamp" ]]; then
  echo "== palimpsest is installed in .venv (pyproject.toml unchanged)"
  exit 0
fi
echo "== installing palimpsest into .venv: about 3-6 minutes the first time, seconds after that"
step "1/4 pip, wheel, setuptools" "seconds" "${PIP[@]}" --upgrade pip wheel setuptools
step "2/4 numpy and cython (pkuseg builds against them)" "under a minute" "${PIP[@]}" numpy cython
if .venv/bin/python -c "import pkuseg" 2>/dev/null; then
  echo "== 3/4 pkuseg already built"
else
  step "3/4 pkuseg, Chinese segmentation: compiles its C extension" "2-4 minutes" \
    "${PIP[@]}" --no-build-isolation "pkuseg==0.0.25"
fi
step "4/4 the service and its dependencies (spaCy, the English model, the sentence encoder${1:+, test tools})" \
  "1-3 minutes" "${PIP[@]}" -e "$extras"
touch "$stamp"
echo "== installed; start it with: .venv/bin/palimpsest serve (first start loads the models: /readyz says when)"
