/**
 * npm run bench:curves: how the store's cost grows with its work (issue 38 item 9), measured and
 * drawn. Each part writes its figures (docs/performance/<part>.json) and its charts
 * (docs/performance/<part>-*.svg), and prints a Markdown table of them:
 *
 * - catalogue: the category API, the item API and a checkout with 1,000, 10,000 and 100,000 items
 *   (BENCH_CATALOGUE_SIZES) on SQLite, and on PostgreSQL with BENCH_CATALOGUE_POSTGRES=1 and
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL) (bench/lib/curves-catalogue.ts);
 * - billing: a club billing day of 10,000 and 100,000 members (BENCH_CLUB_SIZES), SQLite
 *   (bench/lib/curves-billing.ts);
 * - sessions: one built instance's memory with 0, 100,000 and 1,000,000 sessions in Redis
 *   (BENCH_SESSION_COUNTS; Redis at BENCH_REDIS_URL or TEST_REDIS_URL, database BENCH_REDIS_DB)
 *   (bench/lib/curves-sessions.ts);
 * - balancer: checkouts per second through HAProxy, one and three built instances on PostgreSQL
 *   (BENCH_INSTANCES) (bench/lib/curves-balancer.ts).
 *
 * BENCH_CURVES=catalogue,billing picks parts (default all four); BENCH_SECONDS (default 3) is each
 * measurement's length, BENCH_CONNECTIONS (default 10) the shoppers at once. The sessions and
 * balancer parts run the compiled server: `npm run build:server` first (the npm script does).
 * Take `flock /tmp/bench.lock` around it on a shared machine.
 */
import { execSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '../apps/server/src/db/connection.ts'
import { onEachDatabase } from './lib/databases.ts'
import { balancerCurve } from './lib/curves-balancer.ts'
import { type BillingPoint, billingPoint } from './lib/curves-billing.ts'
import { CATALOGUE_PATHS, type CataloguePath, catalogueCurve } from './lib/curves-catalogue.ts'
import { sessionsCurve } from './lib/curves-sessions.ts'
import type { LoopOptions } from './lib/shopper-loop.ts'
import { barChart, lineChart } from './lib/svg-plot.ts'

const OUT = resolve(import.meta.dirname, '../docs/performance')
const options: LoopOptions = { durationMs: Number(process.env.BENCH_SECONDS ?? 3) * 1000, connections: Number(process.env.BENCH_CONNECTIONS ?? 10) }
const PARTS = (process.env.BENCH_CURVES ?? 'catalogue,billing,sessions,balancer').split(',').map((part) => part.trim())
const list = (name: string, fallback: number[]) => (process.env[name] ? process.env[name].split(',').map(Number) : fallback)
const MiB = 2 ** 20

/** When and where a part ran: the date, the commit, the load average at its start and end, the knobs. */
interface RunInfo {
  started: string
  ended: string
  commit: string
  load: [number, number]
  durationMs: number
  connections: number
}

function runInfo(started: Date, loadAtStart: number): RunInfo {
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
  return { started: started.toISOString(), ended: new Date().toISOString(), commit, load: [loadAtStart, loadavg()[0]!], ...options }
}

function write(name: string, content: string) {
  mkdirSync(OUT, { recursive: true })
  writeFileSync(join(OUT, name), content)
  console.error(`wrote docs/performance/${name}`)
}

/** the run whose figures are being drawn (its date and load go under each chart's title) */
let drawn: RunInfo = runInfo(new Date(), loadavg()[0]!)

/**
 * A part measured, then its figures written and drawn; `sofar` does so with the figures of a long
 * part's points as they come. BENCH_CURVES_REDRAW=1 draws each part again from its JSON, measuring nothing.
 */
async function part<T>(name: string, measure: (sofar: (figures: T) => void) => Promise<T>, draw: (figures: T) => void) {
  if (!PARTS.includes(name)) return
  if (process.env.BENCH_CURVES_REDRAW === '1') {
    const saved = JSON.parse(readFileSync(join(OUT, `${name}.json`), 'utf8')) as { run: RunInfo; figures: T }
    drawn = saved.run
    draw(saved.figures)
    return
  }
  const started = new Date()
  const load = loadavg()[0]!
  const save = (figures: T) => {
    drawn = runInfo(started, load)
    write(`${name}.json`, `${JSON.stringify({ run: drawn, figures }, null, 1)}\n`)
    draw(figures)
  }
  save(await measure(save))
}

/** The run's date and load average, for a chart's subtitle. */
const stamp = () => `${drawn.started.slice(0, 16).replace('T', ' ')} UTC, load ${drawn.load.map((l) => l.toFixed(0)).join('-')} on ${cpus().length} cores`

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0)

await part(
  'catalogue',
  () =>
    onEachDatabase('curves', async (label, store, backends) => {
      if (label.startsWith('PostgreSQL') && process.env.BENCH_CATALOGUE_POSTGRES !== '1') {
        await store.close()
        return null
      }
      try {
        return { label, points: await catalogueCurve(store, backends, list('BENCH_CATALOGUE_SIZES', [1_000, 10_000, 100_000]), options) }
      } finally {
        await store.close()
      }
    }),
  (results) => {
    for (const result of results.filter((r) => r !== null)) {
      const db = result.label.startsWith('SQLite') ? 'sqlite' : 'postgres'
      const keys = Object.keys(CATALOGUE_PATHS) as CataloguePath[]
      const series = (pick: (f: (typeof result.points)[number]['figures'][CataloguePath]) => number) =>
        keys.map((key) => ({ name: CATALOGUE_PATHS[key], points: result.points.map((p) => ({ x: p.items, y: pick(p.figures[key]) })) }))
      const what = `${result.label}, ${drawn.connections} shoppers at once`
      write(
        `catalogue-${db}-throughput.svg`,
        lineChart({
          title: 'Requests per second by catalogue size',
          subtitle: `${what}, ${stamp()}`,
          xLabel: 'items in the catalogue (log)',
          yLabel: 'requests per second (log)',
          logX: true,
          logY: true,
          series: series((f) => f.perSecond),
        }),
      )
      write(
        `catalogue-${db}-p99.svg`,
        lineChart({
          title: 'p99 latency by catalogue size',
          subtitle: `${what}, ${stamp()}`,
          xLabel: 'items in the catalogue (log)',
          yLabel: 'p99 latency, ms (log)',
          logX: true,
          logY: true,
          series: series((f) => f.p99),
        }),
      )
      write(
        `catalogue-${db}-cpu.svg`,
        lineChart({
          title: 'CPU per request by catalogue size (checkout: its whole round)',
          subtitle: `${what}, ${stamp()}`,
          xLabel: 'items in the catalogue (log)',
          yLabel: 'CPU ms per request (log)',
          logX: true,
          logY: true,
          series: series((f) => f.serverCpu + f.databaseCpu),
        }),
      )
      console.log(`\n${what}, ${drawn.durationMs / 1000} s a point: req/s (p50 / p99 ms; CPU ms a request)\n`)
      console.log(`| items | category items (answer kB) | grow s | ${keys.map((k) => CATALOGUE_PATHS[k]).join(' | ')} |`)
      console.log(`|---:|---:|---:|${keys.map(() => '---:').join('|')}|`)
      for (const p of result.points) {
        const cells = keys.map(
          (k) => `${p.figures[k].perSecond.toFixed(0)} (${ms(p.figures[k].p50)} / ${ms(p.figures[k].p99)}; ${(p.figures[k].serverCpu + p.figures[k].databaseCpu).toFixed(2)})`,
        )
        console.log(`| ${p.items} | ${p.categoryItems} (${(p.categoryBytes / 1024).toFixed(0)}) | ${p.growSeconds.toFixed(1)} | ${cells.join(' | ')} |`)
      }
    }
  },
)

await part<BillingPoint[]>(
  'billing',
  async (sofar) => {
    const points: BillingPoint[] = []
    for (const members of list('BENCH_CLUB_SIZES', [10_000, 100_000])) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-curves-billing-'))
      try {
        points.push(await billingPoint(() => openDatabase(`sqlite:${join(dir, 'store.sqlite')}`), members))
        sofar(points)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
    return points
  },
  (points) => {
    write(
      'billing-members-per-second.svg',
      lineChart({
        title: 'Club billing day: members billed per second',
        subtitle: `SQLite, instant test gateway, 8 at once, ${stamp()}`,
        xLabel: 'members due (log)',
        yLabel: 'members billed per second',
        logX: true,
        series: [{ name: 'members per second', points: points.map((p) => ({ x: p.members, y: p.membersPerSecond })) }],
      }),
    )
    write(
      'billing-cpu-per-member.svg',
      lineChart({
        title: 'Club billing day: CPU per member',
        subtitle: `SQLite (in the billing process), instant test gateway, ${stamp()}`,
        xLabel: 'members due (log)',
        yLabel: 'CPU ms per member billed',
        logX: true,
        series: [{ name: 'CPU ms per member', points: points.map((p) => ({ x: p.members, y: p.cpuMsPerMember })) }],
      }),
    )
    console.log('\n| members | seconds | members/s | CPU ms/member | statements/member | charged | declined | skipped |\n|---:|---:|---:|---:|---:|---:|---:|---:|')
    for (const p of points)
      console.log(
        `| ${p.members} | ${p.seconds.toFixed(1)} | ${p.membersPerSecond.toFixed(0)} | ${p.cpuMsPerMember.toFixed(2)} | ${p.statementsPerMember.toFixed(1)} | ${p.charged} | ${p.failed} | ${p.skipped} |`,
      )
  },
)

await part(
  'sessions',
  () => sessionsCurve(list('BENCH_SESSION_COUNTS', [0, 100_000, 1_000_000]), options),
  (points) => {
    write(
      'sessions-memory.svg',
      lineChart({
        title: 'Memory with sessions stored in Redis',
        subtitle: `one instance (SQLite for the rest), ${stamp()}`,
        xLabel: 'sessions stored in Redis',
        yLabel: 'memory, MiB',
        series: [
          { name: 'instance RSS', points: points.map((p) => ({ x: p.sessions, y: p.rss / MiB })) },
          { name: 'instance V8 heap used', points: points.map((p) => ({ x: p.sessions, y: p.heapUsed / MiB })) },
          { name: 'Redis used_memory (added)', points: points.map((p) => ({ x: p.sessions, y: p.redisUsed / MiB })) },
        ],
      }),
    )
    console.log(
      '\n| sessions | instance RSS MiB | V8 heap used MiB | Redis used_memory added MiB | bytes a session in Redis | cart reads/s (p50 / p99 ms) |\n|---:|---:|---:|---:|---:|---:|',
    )
    for (const p of points) {
      const perSession = p.sessions > 0 ? (p.redisUsed / p.sessions).toFixed(0) : '-'
      console.log(
        `| ${p.sessions} | ${(p.rss / MiB).toFixed(0)} | ${(p.heapUsed / MiB).toFixed(0)} | ${(p.redisUsed / MiB).toFixed(0)} | ${perSession} | ${p.cartRead.perSecond.toFixed(0)} (${ms(p.cartRead.p50)} / ${ms(p.cartRead.p99)}) |`,
      )
    }
  },
)

await part(
  'balancer',
  () => balancerCurve(list('BENCH_INSTANCES', [1, 3]), options),
  (points) => {
    const label = (n: number) => `${n} instance${n === 1 ? '' : 's'}`
    write(
      'balancer-checkouts.svg',
      barChart({
        title: 'Checkouts per second through HAProxy',
        subtitle: `PostgreSQL, ${drawn.connections} shoppers at once, goal 300/s on one instance, ${stamp()}`,
        yLabel: 'checkouts per second',
        groups: points.map((p) => ({ label: label(p.instances), bars: [{ name: 'checkouts/s', value: p.checkout.perSecond }] })),
      }),
    )
    write(
      'balancer-latency.svg',
      barChart({
        title: 'Checkout latency through HAProxy',
        subtitle: `PostgreSQL, ${drawn.connections} shoppers at once, ${stamp()}`,
        yLabel: 'checkout request latency, ms',
        groups: points.map((p) => ({
          label: label(p.instances),
          bars: [
            { name: 'p50', value: p.checkout.p50 },
            { name: 'p99', value: p.checkout.p99 },
          ],
        })),
      }),
    )
    console.log(
      "\n| instances | checkouts/s | p50 ms | p99 ms | CPU ms a round: serving side (instances, HAProxy, PostgreSQL) | the shoppers' client |\n|---:|---:|---:|---:|---:|---:|",
    )
    for (const p of points)
      console.log(
        `| ${p.instances} | ${p.checkout.perSecond.toFixed(0)} | ${ms(p.checkout.p50)} | ${ms(p.checkout.p99)} | ${p.checkout.databaseCpu.toFixed(1)} | ${p.checkout.serverCpu.toFixed(1)} |`,
      )
  },
)
