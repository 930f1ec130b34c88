#!/bin/bash
# Checkouts per second (bench/checkout.ts) and refunds per second (bench/refunds.ts) on SQLite and
# PostgreSQL, of two commits side by side in one run: A, a worktree of BASE (default c27412e, the
# commit before the payment engine), and B, this checkout. Rounds alternate A then B, so drift in
# the machine's load weighs on both alike; the median of each column is printed last. B is a
# worktree of HEAD too (HEAD=<commit> for another), so editing this checkout meanwhile changes
# neither side. The checkout and refunds benches of B are copied into A, so both run the same benches (refundOrder's
# signature is the same on both sides).
#
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test flock /tmp/bench.lock bash bench/ab-checkout.sh [rounds=3]
#
#   BENCH_SECONDS (5) and BENCH_CONNECTIONS (10) as bench/checkout.ts; BENCH_ORDERS (400) as bench/refunds.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${BASE:-c27412e}
HEAD=${HEAD:-$(git rev-parse --short HEAD)}
ROUNDS=${1:-3}
A=$(mktemp -d /tmp/ab-checkout-XXXXXX)
B=$(mktemp -d /tmp/ab-checkout-XXXXXX)
trap 'git worktree remove --force "$A"; git worktree remove --force "$B"; rm -rf "$A" "$B"' EXIT
for side in "$A:$BASE" "$B:$HEAD"; do
  dir=${side%%:*}
  git worktree add -q --detach "$dir" "${side#*:}"
  cp -al node_modules "$dir/node_modules"
  for d in apps/server apps/web apps/admin packages/core; do if [ -d "$d/node_modules" ]; then cp -al "$d/node_modules" "$dir/$d/node_modules"; fi; done
done
cp "$B/bench/refunds.ts" "$A/bench/refunds.ts"
cp "$B/bench/checkout.ts" "$A/bench/checkout.ts"
mkdir -p "$A/bench/lib" && cp "$B/bench/lib/databases.ts" "$A/bench/lib/databases.ts"
OUT=$(mktemp /tmp/ab-checkout-out-XXXXXX)
run() { # side dir bench
  (cd "$2" && npx tsx --conditions=@store/source "bench/$3.ts") | grep -E '^\| (SQLite|PostgreSQL)' | sed "s/^/$1 $3 /" | tee -a "$OUT"
}
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r"
  run A "$A" checkout; run B "$B" checkout
  run A "$A" refunds; run B "$B" refunds
done
echo
echo "medians over $ROUNDS rounds (A = $BASE, B = $HEAD):"
median() { sort -n | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]}'; }
# the rows, split on |: "<side> <bench> ", " <database> " (SQLite's label says its mode: "SQLite (file, WAL)"), then
# bench/checkout.ts: " <request> ", " <req/s> ", ...; bench/refunds.ts: " <refunds/s> ", ...
figures() { # side bench database [request]
  awk -F'|' -v who="$1 $2" -v db="$3" -v path="${4:-}" '
    function trim(s) { gsub(/^ +| +$/, "", s); return s }
    trim($1) == who && index(trim($2), db) == 1 && (path == "" ? 1 : trim($3) == path) { print (path == "" ? $3 : $4) + 0 }
  ' "$OUT" | median
}
for db in SQLite PostgreSQL; do
  for path in 'GET /api/cart (2 lines)' 'POST /api/cart/items (new cart)' 'POST /api/checkout'; do
    for side in A B; do
      v=$(figures "$side" checkout "$db" "$path")
      if [ -n "$v" ]; then printf '%-10s %-32s %s %s req/s\n' "$db" "$path" "$side" "$v"; fi
    done
  done
  for side in A B; do
    v=$(figures "$side" refunds "$db")
    if [ -n "$v" ]; then printf '%-10s %-32s %s %s refunds/s\n' "$db" 'refunds in full' "$side" "$v"; fi
  done
done
rm -f "$OUT"
