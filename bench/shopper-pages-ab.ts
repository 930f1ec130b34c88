/**
 * Two builds of the store side by side, a shopper's pages loaded in turn, rounds
 * alternating, so both see the same machine: for a before/after on a shared
 * machine, where one run's ratios move with whatever else runs. ROOT_A and ROOT_B
 * are checkouts each built with `npm run build` (a worktree of main, this one).
 * Prints each side's ratios to its own static file and the server's CPU time per
 * request (from /proc), the steadier figure. BENCH_PORT=n starts side A on n and
 * side B on n+1 (else any free ports).
 *
 *   ROOT_A=/tmp/main-wt ROOT_B=$PWD ROUNDS=3 flock /tmp/bench.lock npx tsx bench/shopper-pages-ab.ts
 */
import autocannon from 'autocannon'
import { serverCpuMs, shopperWithCart } from './shopper-store.ts'
const cpu: Record<string, number[]>[] = [{}, {}]
const rootA = process.env.ROOT_A
if (!rootA) throw new Error('ROOT_A: a built checkout to compare with')
const roots: string[] = [rootA, process.env.ROOT_B ?? process.cwd()]
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const SECONDS = Number(process.env.SECONDS ?? 3)
const pagesWanted = (process.env.PAGES ?? 'home,category,item').split(',')
async function load(origin: string, path: string, cookie?: string, side?: number, name?: string) {
  const port = Number(new URL(origin).port)
  const c0 = serverCpuMs(port)
  const r = await autocannon({
    url: `${origin}${path}`,
    connections: 10,
    duration: SECONDS,
    headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) },
  })
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
  if (side !== undefined && name) (cpu[side]![name] ??= []).push((serverCpuMs(port) - c0) / r.requests.total)
  return r.requests.average
}
async function prepare(root: string, port?: number) {
  const { startStore } = await import(`${root}/scripts/store-process.mjs`)
  const store = await startStore({ port })
  const get = (path: string) => fetch(`${store.origin}${path}`, { headers: { host: 'localhost' } })
  const { cookie, itemId } = await shopperWithCart(store.origin)
  const html = await (await get('/')).text()
  const asset = html.match(/\/assets\/[^"]+\.css/)?.[0] ?? '/favicon.svg'
  const pages = [
    { name: 'home', path: '/' },
    { name: 'category', path: '/category/leggings' },
    { name: 'item', path: `/item/${itemId}` },
  ].filter((p) => pagesWanted.includes(p.name))
  for (const p of pages) await fetch(`${store.origin}${p.path}`, { headers: { host: 'localhost', cookie } })
  return { store, cookie, asset, pages }
}
const sides = []
const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined
for (const [k, root] of roots.entries()) sides.push(await prepare(root, basePort === undefined ? undefined : basePort + k))
const ratios: Record<string, number[]>[] = sides.map(() => ({}))
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < sides.length; k++) {
      const idx = (k + round) % sides.length
      const s = sides[idx]!
      const base = await load(s.store.origin, s.asset, undefined, idx, 'static')
      for (const p of s.pages) {
        const rps = await load(s.store.origin, p.path, s.cookie, idx, p.name)
        // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
        ;(ratios[idx]![p.name] ??= []).push(rps / base)
      }
      console.log(
        `round ${round} side ${'AB'[idx]} static ${base.toFixed(0)}`,
        Object.entries(ratios[idx]!)
          .map(([n, v]) => `${n} ${v.at(-1)!.toFixed(3)}`)
          .join(' '),
      )
    }
  }
  for (const [idx, r] of cpu.entries())
    console.log(
      `side ${'AB'[idx]} CPU ms/request:`,
      Object.entries(r)
        .map(([n, v]) => `${n} ${[...v].sort((a, b) => a - b)[v.length >> 1]!.toFixed(2)} (${v.map((x) => x.toFixed(1)).join(',')})`)
        .join('  '),
    )
  for (const [idx, r] of ratios.entries())
    console.log(
      `side ${'AB'[idx]} (${roots[idx]}) mean:`,
      Object.entries(r)
        .map(([n, v]) => `${n} ${(v.reduce((a, b) => a + b) / v.length).toFixed(4)}`)
        .join('  '),
    )
} finally {
  for (const s of sides) await s.store.stop()
}
