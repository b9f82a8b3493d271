#!/usr/bin/env bash
# The whole check, as CI runs it: install the project with its test extras into .venv, start a
# real Neo4j (tools/neo4j), then lint, type-check, check the import contracts and run the whole
# test suite against both backends. Fails (never skips) when Neo4j cannot start; treats
# "no tests collected" as a failure; stops the Neo4j it started.
#
#   scripts/check.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install.sh test
BIN=.venv/bin

# The /ui tests drive a real headless Chromium from the distribution's packages (never a
# downloaded browser). Installed here when missing, as root (CI runs on a fresh machine).
if ! { command -v chromium && command -v chromedriver; } >/dev/null 2>&1; then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "== installing chromium and chromium-driver (Debian packages, about a minute)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
  else
    echo "the /ui tests need chromium and chromium-driver: apt-get install -y chromium chromium-driver" >&2
  fi
fi

started_neo4j=0
cleanup() {
  if [[ $started_neo4j == 1 ]]; then tools/neo4j/neo4j.sh stop || true; fi
}
trap cleanup EXIT

if ! tools/neo4j/neo4j.sh status >/dev/null 2>&1; then
  echo "== starting Neo4j (tools/neo4j)"
  tools/neo4j/neo4j.sh start
  started_neo4j=1
fi
tools/neo4j/neo4j.sh wait || { echo "Neo4j did not come up: failing" >&2; exit 1; }
export PALIMPSEST_TEST_NEO4J_URI="bolt://127.0.0.1:${NEO4J_PORT:-7687}"

echo "== ruff";        $BIN/ruff check . && $BIN/ruff format --check .
echo "== mypy";        $BIN/mypy graph extractors service bench
echo "== import contracts"; $BIN/lint-imports
echo "== pytest (sqlite and neo4j)"
status=0
$BIN/python -m pytest -q -p no:cacheprovider "$@" || status=$?
if [[ $status == 5 ]]; then echo "pytest collected no tests: failing" >&2; exit 1; fi
[[ $status == 0 ]] || exit $status
echo "== load benchmark, small (loopback; fails on any error or 5xx)"
$BIN/python -m bench.load --neo4j-uri "$PALIMPSEST_TEST_NEO4J_URI" \
  --clients 4 --writes 5 --requests 5 --seconds 300
