/**
 * The server's CPU time per rendered page of a shopper with a cart, two builds side
 * by side: both started at once, each page loaded in alternating blocks of a fixed
 * number of requests (A, B, A, B, ...), the CPU time (utime + stime from /proc, all
 * of the process's threads: compression on the thread pool counts) the block cost
 * divided by its requests. Prints the least and the median block of each side and
 * page, and B's change. On a shared machine the least block is the steadier figure:
 * what a page costs when nothing else takes the core from under it.
 *
 *   ROOT_A=/work/wt/main-base ROOT_B=$PWD BLOCKS=8 REQUESTS=300 BENCH_PORT=3710 \
 *     flock /tmp/bench.lock npx tsx bench/shopper-cpu-ab.ts
 *
 * ROOT_A and ROOT_B are checkouts each built with `npm run build`; PAGES a comma list
 * of home, category, item; BENCH_PORT=n starts A on n and B on n+1 (else free ports).
 */
import autocannon from 'autocannon'
import { processCpuMs, serverPid, shopperWithCart } from './shopper-store.ts'

const rootA = process.env.ROOT_A
if (!rootA) throw new Error('ROOT_A: a built checkout to compare with')
const roots = [rootA, process.env.ROOT_B ?? process.cwd()]
const BLOCKS = Number(process.env.BLOCKS ?? 8)
const REQUESTS = Number(process.env.REQUESTS ?? 300)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const pagesWanted = (process.env.PAGES ?? 'home,category,item').split(',')
const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined

interface Side {
  stop: () => Promise<void>
  origin: string
  pid: string
  cookie: string
  pages: { name: string; path: string }[]
}

async function prepare(root: string, port: number | undefined): Promise<Side> {
  const { startStore } = (await import(`${root}/scripts/store-process.mjs`)) as {
    startStore: (options: { port?: number }) => Promise<{ origin: string; port: number; stop: () => Promise<void> }>
  }
  const store = await startStore({ port })
  const { cookie, itemId } = await shopperWithCart(store.origin)
  const pages = [
    { name: 'home', path: '/' },
    { name: 'category', path: '/category/leggings' },
    { name: 'item', path: `/item/${itemId}` },
  ].filter((page) => pagesWanted.includes(page.name))
  return { stop: store.stop, origin: store.origin, pid: serverPid(store.port), cookie, pages }
}

async function block(side: Side, path: string, amount: number): Promise<number> {
  const before = processCpuMs(side.pid)
  const result = await autocannon({
    url: `${side.origin}${path}`,
    connections: CONNECTIONS,
    amount,
    headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br', cookie: side.cookie },
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return (processCpuMs(side.pid) - before) / result.requests.total
}

const sides: Side[] = []
for (const [k, root] of roots.entries()) sides.push(await prepare(root, basePort === undefined ? undefined : basePort + k))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
try {
  for (const page of sides[0]!.pages) {
    // warm up: kept markup made, code optimised
    for (const side of sides) await block(side, side.pages.find((p) => p.name === page.name)!.path, REQUESTS)
    const costs: number[][] = sides.map(() => [])
    for (let round = 0; round < BLOCKS; round++) {
      for (let k = 0; k < sides.length; k++) {
        const idx = (k + round) % sides.length
        const side = sides[idx]!
        costs[idx]!.push(await block(side, side.pages.find((p) => p.name === page.name)!.path, REQUESTS))
      }
    }
    const [a, b] = costs as [number[], number[]]
    const least = [Math.min(...a), Math.min(...b)]
    const mid = [median(a), median(b)]
    console.log(
      `${page.name.padEnd(9)} CPU ms/request  A least ${least[0]!.toFixed(2)} median ${mid[0]!.toFixed(2)}  ` +
        `B least ${least[1]!.toFixed(2)} median ${mid[1]!.toFixed(2)}  B/A least ${(least[1]! / least[0]!).toFixed(3)} median ${(mid[1]! / mid[0]!).toFixed(3)}` +
        `  (A ${a.map((x) => x.toFixed(1)).join(',')}; B ${b.map((x) => x.toFixed(1)).join(',')})`,
    )
  }
} finally {
  for (const side of sides) await side.stop()
}
