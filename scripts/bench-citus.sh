#!/usr/bin/env bash
# Usage: scripts/bench-citus.sh [CASE...]   (default: products posting inventory-export)
#
# `npm run bench` on a single-node PostgreSQL and then on a Citus cluster (a coordinator and two workers on this
# machine, scripts/with-citus.sh), the same cases with the same settings (BENCH_* as for npm run bench), and the
# two side by side: how many times slower the cluster is in each case (test/bench/compare.ts). Needs what
# with-postgres.sh and with-citus.sh need.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
cases=("$@")
[ "${#cases[@]}" -gt 0 ] || cases=(products posting inventory-export)
out=$(mktemp -d /tmp/bench-citus.XXXXXX)
trap 'rm -rf "$out"' EXIT
# Each case in a process of its own, on the same server or cluster; a case below its own floor fails its run,
# every case still goes to the comparison, and the script fails after it.
status=0
for db in postgres citus; do
  code=0
  BENCH_RESULTS_FILE="$out/$db.json" "$here/with-$db.sh" bash -c '
    status=0
    for case in "$@"; do
      npm run bench -- "$case" || { code=$?; echo "[bench-citus] $case exited with $code"; status=$code; }
    done
    exit $status' _ "${cases[@]}" || code=$?
  [ "$code" -eq 0 ] || status=$code
done
echo
echo "=== single-node PostgreSQL → Citus cluster ==="
node --import tsx test/bench/compare.ts "$out/postgres.json" "$out/citus.json"
exit "$status"
