#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL server (newest /usr/lib/postgresql/*/bin),
# listening only on 127.0.0.1 on a free port, with trust auth and test-friendly
# (non-durable) settings. Runs CMD with
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres
# exported (DATABASE_URL unset), then always stops the server and removes its
# data directory. Exits with CMD's exit code.
#
# Optional env: WITH_PG_PORT (first port to try, default 55432).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

# --- locate binaries -------------------------------------------------------
PGBIN=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
  [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && PGBIN="$d"
done
if [ -z "$PGBIN" ]; then
  log "no PostgreSQL server found under /usr/lib/postgresql/*/bin (apt-get install postgresql)"
  exit 127
fi
PG_ISREADY="$PGBIN/pg_isready"
[ -x "$PG_ISREADY" ] || PG_ISREADY="$(command -v pg_isready || true)"

# --- run server commands as a non-root user --------------------------------
if [ "$(id -u)" -eq 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    log "running as root but no 'postgres' system user exists"
    exit 1
  fi
  if command -v runuser >/dev/null 2>&1; then
    as_pg() { runuser -u postgres -- "$@"; }
  else
    as_pg() { su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; }
  fi
else
  as_pg() { "$@"; }
fi

# --- temp dir & cleanup ----------------------------------------------------
# Kept short under /tmp: the unix socket path must stay < 108 bytes.
TMP="$(mktemp -d /tmp/with-pg.XXXXXX)"
DATA="$TMP/data"
SOCK="$TMP/sock"
LOGFILE="$TMP/postgres.log"
STARTED=0

cleanup() {
  local rc=$?
  set +e
  if [ "$STARTED" -eq 1 ]; then
    log "stopping PostgreSQL"
    as_pg "$PGBIN/pg_ctl" -D "$DATA" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || as_pg "$PGBIN/pg_ctl" -D "$DATA" -m immediate -w -t 30 stop >/dev/null 2>&1
  fi
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$DATA" "$SOCK"
chmod 700 "$TMP" "$DATA"
if [ "$(id -u)" -eq 0 ]; then
  chown -R postgres: "$TMP"
fi

# --- free port -------------------------------------------------------------
port_free() {
  # Prefer an actual bind test (node is always present in this project).
  if command -v node >/dev/null 2>&1; then
    node -e '
      const s = require("net").createServer();
      s.once("error", () => process.exit(1));
      s.listen(+process.argv[1], "127.0.0.1", () => s.close(() => process.exit(0)));
    ' "$1" 2>/dev/null
  else
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}
PORT=""
p="${WITH_PG_PORT:-55432}"
for _ in $(seq 1 200); do
  if port_free "$p"; then PORT="$p"; break; fi
  p=$((p + 1))
done
if [ -z "$PORT" ]; then
  log "no free port found starting at ${WITH_PG_PORT:-55432}"
  exit 1
fi

# --- initdb & configure ----------------------------------------------------
log "initdb ($PGBIN) in $DATA"
if ! as_pg "$PGBIN/initdb" -D "$DATA" --auth=trust -U postgres \
      --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$TMP/initdb.log" 2>&1; then
  # C.UTF-8 should exist on Debian; fall back to plain C if it does not.
  rm -rf "${DATA:?}"/* 2>/dev/null || true
  if ! as_pg "$PGBIN/initdb" -D "$DATA" --auth=trust -U postgres \
        --encoding=UTF8 --locale=C --no-sync >"$TMP/initdb.log" 2>&1; then
    log "initdb failed:"; cat "$TMP/initdb.log" >&2
    exit 1
  fi
fi

cat >>"$DATA/postgresql.conf" <<CONF

# --- with-postgres.sh: throwaway test server ---
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$SOCK'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
logging_collector = off
CONF

# --- start & wait ----------------------------------------------------------
log "starting PostgreSQL on 127.0.0.1:$PORT"
STARTED=1
if ! as_pg "$PGBIN/pg_ctl" -D "$DATA" -l "$LOGFILE" -w -t 30 start >/dev/null; then
  log "pg_ctl start failed; server log:"; tail -n 50 "$LOGFILE" >&2 || true
  exit 1
fi

ready=0
for _ in $(seq 1 60); do
  if [ -n "$PG_ISREADY" ]; then
    if "$PG_ISREADY" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres; then ready=1; break; fi
  elif port_free "$PORT"; then :; else ready=1; break; fi
  sleep 0.5
done
if [ "$ready" -ne 1 ]; then
  log "server did not become ready within 30s; server log:"; tail -n 50 "$LOGFILE" >&2 || true
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
unset DATABASE_URL
log "ready: TEST_DATABASE_URL=$TEST_DATABASE_URL"

# --- run the command -------------------------------------------------------
set +e
"$@"
rc=$?
set -e
exit "$rc"
