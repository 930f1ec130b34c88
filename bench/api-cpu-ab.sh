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
P=${1:-/api/cart}; N=${2:-20000}; R=${3:-6}
D=$(mktemp -d)
start() { # port dist env
  mkdir -p "$D/$1"
  env ${3:-} NODE_ENV=production PORT=$1 HOST=127.0.0.1 DATABASE_URL=sqlite:$D/$1/store.sqlite MEDIA_DIR=$D/$1/media SEED_DEMO=true LOG_LEVEL=warn \
    node "$2/main.js" > "$D/$1/log" 2>&1 &
  echo $!
}
PA=$(start 3631 "${DIST_A:-apps/server/dist}" "${ENV_A:-}")
PB=$(start 3632 "${DIST_B:-apps/server/dist}" "${ENV_B:-}")
trap 'kill $PA $PB 2>/dev/null' EXIT
# a shopper with two lines in the cart on each server
shopper() {
  local O=http://127.0.0.1:$1 H=$D/$1/headers C=''
  for i in $(seq 1 60); do curl -s -o /dev/null -H 'host: localhost' $O/api/health && break; sleep 0.5; done
  for item in 1002 1003; do
    # the item's own first size in stock (the first availableSizes of the answer: related items follow)
    size=$(curl -s -H 'host: localhost' $O/api/items/$item | grep -o '"availableSizes":\["[^"]*"' | head -n 1 | sed 's/.*\["//; s/"$//')
    curl -s -D $H -o /dev/null -H 'host: localhost' ${C:+-H "cookie: $C"} -H 'content-type: application/x-www-form-urlencoded' --data "item_id=$item&size=$size&qty=1" $O/api/cart/items
    [ -n "$C" ] || C=$(grep -i set-cookie $H | sed 's/set-cookie: //I; s/;.*//' || true)
  done
  [ -n "$C" ] || { echo 'adding to the cart started no session' >&2; exit 1; }
  # both lines went in
  curl -s -H "cookie: $C" -H 'host: localhost' $O/api/cart | grep -q '"item_id":1003' || { echo 'the cart did not get its two lines' >&2; exit 1; }
  echo "$C"
}
CA=$(shopper 3631); CB=$(shopper 3632)
TCK=$(getconf CLK_TCK)
cpu() { awk '{print $14+$15}' /proc/$1/stat; }
run() { # pid port cookie
  local a=$(cpu $1)
  node node_modules/autocannon/autocannon.js -c 10 -a $N -H "host=localhost" -H "cookie=$3" http://127.0.0.1:$2$P > /dev/null 2>&1
  local b=$(cpu $1)
  echo "($b-$a)*1000000/$TCK/$N" | bc -l | cut -c1-6
}
# a warm-up round each, not counted
run $PA 3631 "$CA" > /dev/null; run $PB 3632 "$CB" > /dev/null
A=''; B=''
for r in $(seq 1 $R); do A="$A $(run $PA 3631 "$CA")"; B="$B $(run $PB 3632 "$CB")"; done
echo "$P server CPU µs per request, round by round"
echo "A:$A"
echo "B:$B"
