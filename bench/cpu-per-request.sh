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
PORT=${PORT:-3601}
D=$(mktemp -d)
NODE_ENV=production PORT=$PORT HOST=127.0.0.1 DATABASE_URL=sqlite:$D/store.sqlite MEDIA_DIR=$D/media SEED_DEMO=true LOG_LEVEL=warn node apps/server/dist/main.js > $D/log 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null' EXIT
for i in $(seq 1 60); do curl -s -o /dev/null -H 'host: localhost' http://127.0.0.1:$PORT/api/health && break; sleep 0.5; done
O=http://127.0.0.1:$PORT
curl -s -D $D/h1 -o /dev/null -H 'host: localhost' -H 'content-type: application/x-www-form-urlencoded' --data "item_id=1002&size=S&qty=1" $O/api/cart/items
C=$(grep -i set-cookie $D/h1 | sed 's/set-cookie: //I; s/;.*//' || true)
[ -n "$C" ] || { echo 'adding to the cart started no session' >&2; exit 1; }
curl -s -o /dev/null -H "cookie: $C" -H 'host: localhost' -H 'content-type: application/x-www-form-urlencoded' --data "item_id=1003&size=S&qty=1" $O/api/cart/items
TCK=$(getconf CLK_TCK)
N=${N:-30000}
cpu() { awk '{print $14+$15}' /proc/$PID/stat; }
for round in 1 2 3; do
  for p in /api/health /api/cart /api/categories/leggings /api/items/1001; do
    a=$(cpu); t0=$(date +%s.%N)
    node node_modules/autocannon/autocannon.js -c 10 -a $N -H "host=localhost" -H "cookie=$C" $O$p > /dev/null 2>&1
    b=$(cpu); t1=$(date +%s.%N)
    echo "round $round $p cpu_us_per_req=$(echo "($b-$a)*1000000/$TCK/$N" | bc -l | cut -c1-6) req_per_s=$(echo "$N/($t1-$t0)" | bc -l | cut -d. -f1)"
  done
done
