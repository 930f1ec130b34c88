#!/bin/bash
# Two servers side by side, taking turns on one API path: the server's own CPU time per request
# (utime+stime from /proc) of each, round after round, so drift in the machine's load weighs on
# both alike. For comparing two builds (DIST_A, DIST_B: compiled server folders, e.g. a copy of
# apps/server/dist made before a change) or two settings of one build (ENV_A, ENV_B: `NAME=value`
# pairs, space-separated). After `npm run build`:
#
#   DIST_A=/tmp/dist-before DIST_B=apps/server/dist flock /tmp/bench.lock bash bench/api-cpu-ab.sh /api/cart
#
#   arguments: path (default /api/cart), N requests per round (20000), rounds (6); linux only, needs bc and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/server-cpu.sh
P=${1:-/api/cart}; N=${2:-20000}; R=${3:-6}
PA=$(start_store 3631 "${DIST_A:-apps/server/dist}" "${ENV_A:-}")
PB=$(start_store 3632 "${DIST_B:-apps/server/dist}" "${ENV_B:-}")
trap 'kill $PA $PB 2>/dev/null' EXIT
CA=$(shopper_with_cart 3631); CB=$(shopper_with_cart 3632)
# a warm-up round each, not counted
cpu_per_request $PA 3631 "$CA" $P $N > /dev/null; cpu_per_request $PB 3632 "$CB" $P $N > /dev/null
A=''; B=''
for r in $(seq 1 $R); do A="$A $(cpu_per_request $PA 3631 "$CA" $P $N)"; B="$B $(cpu_per_request $PB 3632 "$CB" $P $N)"; done
echo "$P server CPU µs per request, round by round"
echo "A:$A"
echo "B:$B"
