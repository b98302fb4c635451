#!/usr/bin/env bash
# Usage: scripts/with-citus.sh CMD [ARGS...]
#
# Starts a throwaway Citus cluster (a coordinator and two workers on 127.0.0.1, ../shared/citus/cluster.sh;
# Citus must be installed, ../shared/citus/build.sh) and runs CMD with
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres   the coordinator
#   TEST_CITUS_WORKERS=127.0.0.1:PORT+1,127.0.0.1:PORT+2             the workers
# exported (DATABASE_URL unset), so `npm test` makes every test file's database on the cluster
# (test/support/test-database.ts). Always stops the cluster and removes its folder; exits with CMD's code.
#
# Optional env: WITH_CITUS_PORT (first of three free ports to try, default 56432), CITUS_DIR (where cluster.sh is).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi
log() { echo "[with-citus] $*" >&2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export CITUS_DIR=${CITUS_DIR:-$(cd "$here/../.." && pwd)/shared/citus}
CLUSTER="$CITUS_DIR/cluster.sh"
[ -x "$CLUSTER" ] || [ -f "$CLUSTER" ] || { log "no $CLUSTER (set CITUS_DIR)"; exit 127; }

port_free() {
  node -e '
    const s = require("net").createServer();
    s.once("error", () => process.exit(1));
    s.listen(+process.argv[1], "127.0.0.1", () => s.close(() => process.exit(0)));
  ' "$1" 2>/dev/null
}
PORT=""
p="${WITH_CITUS_PORT:-56432}"
for _ in $(seq 1 100); do
  if port_free "$p" && port_free $((p + 1)) && port_free $((p + 2)); then PORT="$p"; break; fi
  p=$((p + 3))
done
[ -n "$PORT" ] || { log "no three free ports found from ${WITH_CITUS_PORT:-56432}"; exit 1; }

TMP="$(mktemp -d /tmp/with-citus.XXXXXX)"
cleanup() {
  local rc=$?
  set +e
  log "stopping the cluster"
  bash "$CLUSTER" stop "$TMP" >/dev/null 2>&1
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "starting a coordinator on 127.0.0.1:$PORT and workers on $((PORT + 1)) and $((PORT + 2))"
bash "$CLUSTER" start "$TMP" "$PORT" >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
export TEST_CITUS_WORKERS="127.0.0.1:$((PORT + 1)),127.0.0.1:$((PORT + 2))"
unset DATABASE_URL
log "ready: TEST_DATABASE_URL=$TEST_DATABASE_URL TEST_CITUS_WORKERS=$TEST_CITUS_WORKERS"

set +e
"$@"
rc=$?
set -e
exit "$rc"
