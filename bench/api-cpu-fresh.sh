#!/bin/bash
# Two builds side by side on one API path, a fresh server process for every sample: the server's own
# CPU time per request (utime+stime from /proc) after a warm-up, processes of A and B alternating.
# One process can run a path 10-15% slower or faster than the next of the same build (where V8 put
# its objects, what it compiled when), so comparing one process of each (bench/api-cpu-ab.sh) can
# show a difference that is the processes', not the builds'. After `npm run build`:
#
#   DIST_A=/tmp/dist-before DIST_B=apps/server/dist flock /tmp/bench.lock bash bench/api-cpu-fresh.sh /api/cart
#
#   arguments: path (default /api/cart), N requests per sample (15000), processes per side (6); linux only, needs bc and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/server-cpu.sh
P=${1:-/api/cart}; N=${2:-15000}; K=${3:-6}
A=''; B=''
for _ in $(seq 1 "$K"); do
  for side in A B; do
    if [ $side = A ]; then dist=${DIST_A:-apps/server/dist}; else dist=${DIST_B:-apps/server/dist}; fi
    pid=$(start_store 3633 "$dist")
    cookie=$(shopper_with_cart 3633)
    cpu_per_request "$pid" 3633 "$cookie" "$P" 5000 > /dev/null
    figure=$(cpu_per_request "$pid" 3633 "$cookie" "$P" "$N")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    if [ $side = A ]; then A="$A $figure"; else B="$B $figure"; fi
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
echo "$P server CPU µs per request, one fresh process per figure"
echo "A:$A (median $(echo "$A" | median))"
echo "B:$B (median $(echo "$B" | median))"
