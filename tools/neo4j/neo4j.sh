#!/usr/bin/env bash
# Local Neo4j Community 5.26 (embedded, Bolt only) without Docker.
#
#   tools/neo4j/neo4j.sh build|start|wait|stop|status|reset
#
# Env: NEO4J_PORT (7687), NEO4J_HEAP (1g), NEO4J_PAGECACHE (256m),
#      NEO4J_DATA_DIR (tools/neo4j/run/data), NEO4J_START_TIMEOUT (180 s),
#      NEO4J_STOP_TIMEOUT (60 s), NEO4J_PASSWORD (unset = auth off),
#      NEO4J_RUN_DIR (tools/neo4j/run: log, pid; set it with NEO4J_PORT and NEO4J_DATA_DIR
#      to run a second, independent server), NEO4J_JAVA_OPTS (extra JVM flags), JAVA_HOME.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUN_DIR="${NEO4J_RUN_DIR:-$HERE/run}"
case "$RUN_DIR" in /*) ;; *) RUN_DIR="$PWD/$RUN_DIR" ;; esac
TARGET="$HERE/target"
LOG="$RUN_DIR/neo4j.log"
PID_FILE="$RUN_DIR/neo4j.pid"
PORT_FILE="$RUN_DIR/neo4j.port"
STAMP="$TARGET/.palimpsest-build-stamp"
MAIN_CLASS="dev.palimpsest.neo4j.Launcher"

DATA_DIR="${NEO4J_DATA_DIR:-$RUN_DIR/data}"
case "$DATA_DIR" in /*) ;; *) DATA_DIR="$PWD/$DATA_DIR" ;; esac
PORT="${NEO4J_PORT:-7687}"
HEAP="${NEO4J_HEAP:-1g}"
START_TIMEOUT="${NEO4J_START_TIMEOUT:-180}"
STOP_TIMEOUT="${NEO4J_STOP_TIMEOUT:-60}"
if [[ -n "${JAVA_HOME:-}" ]]; then JAVA="$JAVA_HOME/bin/java"; else JAVA="java"; fi

# The reflective access Neo4j's own launcher grants (page cache, Netty).
JVM_FLAGS=(
  "-Xms256m" "-Xmx$HEAP"
  "-XX:+UseG1GC" "-XX:-OmitStackTraceInFastThrow"
  "--add-opens=java.base/java.nio=ALL-UNNAMED"
  "--add-opens=java.base/java.io=ALL-UNNAMED"
  "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"
  "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED"
  "-Dio.netty.tryReflectionSetAccessible=true"
  "-Djdk.nio.maxCachedBufferSize=1024"
  "-Dlog4j2.disable.jmx=true"
)

log() { echo "neo4j.sh: $*" >&2; }

# Port of the running server (as started), else NEO4J_PORT.
current_port() {
  if [[ -f "$PORT_FILE" ]]; then cat "$PORT_FILE"; else echo "$PORT"; fi
}

port_answers() {
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

# Prints the pid if the pid file names a live launcher JVM, else fails.
running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "$MAIN_CLASS" || return 1
  echo "$pid"
}

needs_build() {
  [[ -f "$STAMP" && -f "$TARGET/classes/dev/palimpsest/neo4j/Launcher.class" ]] || return 0
  compgen -G "$TARGET/lib/neo4j-*.jar" >/dev/null || return 0
  [[ -z "$(find "$HERE/pom.xml" "$HERE/src" -newer "$STAMP" -print -quit)" ]] || return 0
  return 1
}

cmd_build() {
  if ! needs_build; then
    return 0
  fi
  command -v mvn >/dev/null || { log "mvn not found on PATH"; exit 1; }
  # A changed pom may drop or change jars: copy-dependencies never deletes stale ones.
  if [[ -f "$STAMP" && "$HERE/pom.xml" -nt "$STAMP" ]]; then rm -rf "$TARGET/lib"; fi
  mkdir -p "$RUN_DIR"
  log "building the launcher (mvn package; the first build downloads ~170 MB into ~/.m2)..."
  local t0=$SECONDS
  if ! mvn -q -B -f "$HERE/pom.xml" package >"$RUN_DIR/build.log" 2>&1; then
    cat "$RUN_DIR/build.log" >&2
    log "build failed (log: $RUN_DIR/build.log)"
    exit 1
  fi
  touch "$STAMP"
  log "built in $((SECONDS - t0)) s"
}

cmd_start() {
  local pid
  if pid="$(running_pid)"; then
    log "already running (pid $pid, port $(current_port))"
    return 0
  fi
  rm -f "$PID_FILE" "$PORT_FILE"
  if port_answers "$PORT"; then
    log "port $PORT already answers but not from this launcher: refusing to start a second server"
    log "(stop the other server, or choose NEO4J_PORT)"
    exit 1
  fi
  cmd_build
  mkdir -p "$RUN_DIR" "$DATA_DIR"
  [[ -f "$LOG" ]] && mv -f "$LOG" "$LOG.prev"
  # shellcheck disable=SC2086  # NEO4J_JAVA_OPTS is a word list on purpose
  nohup "$JAVA" "${JVM_FLAGS[@]}" ${NEO4J_JAVA_OPTS:-} \
    -cp "$TARGET/classes:$TARGET/lib/*" "$MAIN_CLASS" "$DATA_DIR" "$PORT" \
    </dev/null >"$LOG" 2>&1 &
  echo $! >"$PID_FILE"
  echo "$PORT" >"$PORT_FILE"
  log "started (pid $!, bolt://127.0.0.1:$PORT, data $DATA_DIR, log $LOG)"
}

cmd_wait() {
  local port pid t0=$SECONDS
  port="$(current_port)"
  while ((SECONDS - t0 < START_TIMEOUT)); do
    if ! pid="$(running_pid)"; then
      log "the server is not running"
      [[ -f "$LOG" ]] && tail -n 40 "$LOG" >&2
      exit 1
    fi
    if grep -q '^PALIMPSEST_NEO4J_READY ' "$LOG" 2>/dev/null && port_answers "$port"; then
      log "ready: bolt://127.0.0.1:$port (waited $((SECONDS - t0)) s)"
      return 0
    fi
    sleep 0.5
  done
  log "not ready after ${START_TIMEOUT} s; last lines of $LOG:"
  tail -n 40 "$LOG" >&2 || true
  exit 1
}

cmd_stop() {
  local pid t0=$SECONDS
  if ! pid="$(running_pid)"; then
    log "not running"
    rm -f "$PID_FILE" "$PORT_FILE"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null && ((SECONDS - t0 < STOP_TIMEOUT)); do
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "still running after ${STOP_TIMEOUT} s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  fi
  rm -f "$PID_FILE" "$PORT_FILE"
  log "stopped (pid $pid, $((SECONDS - t0)) s)"
}

cmd_status() {
  local pid port
  if pid="$(running_pid)"; then
    port="$(current_port)"
    local ready=no answers=no
    grep -q '^PALIMPSEST_NEO4J_READY ' "$LOG" 2>/dev/null && ready=yes
    port_answers "$port" && answers=yes
    echo "running pid=$pid url=bolt://127.0.0.1:$port ready=$ready port_answers=$answers data=$DATA_DIR"
    return 0
  fi
  echo "stopped"
  return 3
}

cmd_reset() {
  cmd_stop
  if [[ "$DATA_DIR" == "/" || "$DATA_DIR" == "$HOME" ]]; then
    log "refusing to delete $DATA_DIR"
    exit 1
  fi
  if [[ -d "$DATA_DIR" && "$DATA_DIR" != "$RUN_DIR/data" && ! -d "$DATA_DIR/data" ]]; then
    log "$DATA_DIR does not look like a Neo4j home (no data/): not deleting it"
    exit 1
  fi
  rm -rf "$DATA_DIR"
  log "deleted $DATA_DIR"
}

case "${1:-}" in
  build) cmd_build ;;
  start) cmd_start ;;
  wait) cmd_wait ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  reset) cmd_reset ;;
  *)
    echo "usage: $0 build|start|wait|stop|status|reset" >&2
    exit 2
    ;;
esac
