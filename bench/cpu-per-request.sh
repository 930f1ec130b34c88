#!/bin/bash
# The server's own CPU time per request (utime+stime of the compiled server's process over N
# requests, read from /proc), for the trivial route and the three API reads of issue #6 item 8,
# 3 rounds taken in turn: a steadier figure than req/s when the load generator, not the server,
# limits the trivial route (docs/performance.md "Latest run"). After `npm run build`:
#
#   flock /tmp/bench.lock bash bench/cpu-per-request.sh        (N=30000 requests per target)
#   PORT=3601 by default; linux only (/proc), needs bc and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/server-cpu.sh
PORT=${PORT:-3601}
N=${N:-30000}
PID=$(start_store $PORT apps/server/dist)
trap 'kill $PID 2>/dev/null' EXIT
C=$(shopper_with_cart $PORT)
for round in 1 2 3; do
  for p in /api/health /api/cart /api/categories/leggings /api/items/1001; do
    t0=$(date +%s.%N)
    us=$(cpu_per_request $PID $PORT "$C" $p $N)
    t1=$(date +%s.%N)
    echo "round $round $p cpu_us_per_req=$us req_per_s=$(echo "$N/($t1-$t0)" | bc -l | cut -d. -f1)"
  done
done
