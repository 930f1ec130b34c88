# Shared by bench/cpu-per-request.sh and bench/api-cpu-ab.sh (sourced, not run): a compiled store
# on a fresh demo database, a shopper with two lines in the cart, and the server process's own
# CPU time per request (utime+stime from /proc) under autocannon. Linux only; needs bc and curl.

# start_store PORT DIST [ENV]: the compiled server in DIST on PORT, its database and log in a new
# folder, with ENV (`NAME=value` pairs) added; prints the pid once the store answers.
start_store() {
  local port=$1 dist=$2 extra=${3:-} dir
  dir=$(mktemp -d)
  env $extra NODE_ENV=production PAYMENT_GATEWAY=test PORT=$port HOST=127.0.0.1 DATABASE_URL=sqlite:$dir/store.sqlite MEDIA_DIR=$dir/media SEED_DEMO=true LOG_LEVEL=warn \
    node "$dist/main.js" > "$dir/log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 60); do curl -s -o /dev/null -H 'host: localhost' http://127.0.0.1:$port/api/health && break; sleep 0.5; done
  echo $pid
}

# shopper_with_cart PORT: the session cookie of a shopper whose cart holds items 1002 and 1003,
# each in its first size in stock; fails when either line did not go in.
shopper_with_cart() {
  local origin=http://127.0.0.1:$1 headers cookie='' size
  headers=$(mktemp)
  for item in 1002 1003; do
    # the item's own sizes come first in its answer (related items follow)
    size=$(curl -s -H 'host: localhost' $origin/api/items/$item | grep -o '"availableSizes":\["[^"]*"' | head -n 1 | sed 's/.*\["//; s/"$//')
    curl -s -D $headers -o /dev/null -H 'host: localhost' ${cookie:+-H "cookie: $cookie"} -H 'content-type: application/x-www-form-urlencoded' \
      --data "item_id=$item&size=$size&qty=1" $origin/api/cart/items
    # the first line written starts the session
    [ -n "$cookie" ] || cookie=$(grep -i set-cookie $headers | sed 's/set-cookie: //I; s/;.*//' || true)
  done
  rm -f "$headers"
  [ -n "$cookie" ] || { echo 'adding to the cart started no session' >&2; return 1; }
  curl -s -H "cookie: $cookie" -H 'host: localhost' $origin/api/cart | grep -q '"item_id":1003' || { echo 'the cart did not get its two lines' >&2; return 1; }
  echo "$cookie"
}

# cpu_per_request PID PORT COOKIE PATH N: N requests to PATH (10 connections); prints the server's
# CPU µs per request.
cpu_per_request() {
  local pid=$1 port=$2 cookie=$3 path=$4 n=$5 before after
  before=$(awk '{print $14+$15}' /proc/$pid/stat)
  node node_modules/autocannon/autocannon.js -c 10 -a $n -H "host=localhost" -H "cookie=$cookie" http://127.0.0.1:$port$path > /dev/null 2>&1
  after=$(awk '{print $14+$15}' /proc/$pid/stat)
  echo "($after-$before)*1000000/$(getconf CLK_TCK)/$n" | bc -l | cut -c1-6
}
