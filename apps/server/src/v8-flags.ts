/**
 * The V8 settings the server runs with, set before anything else is loaded: main.ts imports this
 * module first, so they hold for every way the store is started (npm start, the browser tests, the
 * benchmarks), with no flag on a command line to forget.
 *
 * - `--no-allocation-site-pretenuring`. V8 watches where objects are made, and when most of a
 *   place's objects outlive a young-generation collection, it makes that place's objects in the old
 *   generation from then on. In this server that guess sometimes goes wrong while it starts up: some
 *   place that also makes an object for every request is moved to the old generation. Each request
 *   then leaves objects there that point at its young ones, and those keep the young ones alive,
 *   so whole requests get copied twice and promoted until the next full collection. Measured on
 *   GET /api/cart (docs/performance.md, "A server in five runs slow"): 1 server process in 5 ran
 *   that way, at 92-98 µs of CPU a request against 69-78 µs, with 3 ms scavenges instead of 0.4 ms.
 *   Without pretenuring: 0 processes in 33, and the fast ones cost the same. The store makes
 *   almost nothing long-lived after start-up (its caches are small), so it loses nothing to it.
 *
 * Node documents that flags set after start-up may do nothing; this one is read at each collection,
 * and `v8-flags.test.ts` checks that it takes effect.
 */
import { setFlagsFromString } from 'node:v8'

const V8_FLAGS = ['--no-allocation-site-pretenuring'] as const

for (const flag of V8_FLAGS) setFlagsFromString(flag)
