/**
 * The operator's split tests (docs/admin-promotions.md, decision 210): create (a draft, at this
 * brand and any other the operator may run tests at), start, stop, change the split; and the
 * results from the orders (split-test-tallies.ts, core's splitTestResults, the normal distribution
 * of simple-statistics). Vip4sh, seeded running, is one of them: its visitors keep the variant they
 * were given (assignments are never rewritten), and a new visitor is assigned by the split
 * (test-group.service.ts), even unless the operator sets one.
 */
import { splitTestResults, staffMay, isStaffRole, type AdminSplitTest, type NormalDistribution, type SplitTestResults } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import { errorFunction, probit } from 'simple-statistics'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import type { Database } from '../db/schema.ts'
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { tallyVariants } from './split-test-tallies.ts'

type Db = Kysely<Database> | Transaction<Database>

/** simple-statistics' standard normal: the cumulative probability through its error function, the quantile by its probit. */
const NORMAL: NormalDistribution = { cdf: (z) => 0.5 * (1 + errorFunction(z / Math.SQRT2)), quantile: (p) => probit(p) }

type SplitTestRow = { name: string; brand_id: string; variants: string; weights: string; active: number; started_at: string | null; stopped_at: string | null }

const statusOf = (row: SplitTestRow): AdminSplitTest['status'] => (row.active === 1 ? 'running' : row.started_at || row.stopped_at ? 'stopped' : 'draft')

/** The split as percents in the variants' order: the stored weights, or an even split (its rounding in the first shares). */
function splitOf(variants: string[], weights: number[]): number[] {
  if (weights.length === variants.length && weights.some((weight) => weight > 0)) return weights
  const base = Math.floor(100 / variants.length)
  return variants.map((_, i) => base + (i < 100 - base * variants.length ? 1 : 0))
}

async function testRows(db: Db, brandId: string, name?: string): Promise<SplitTestRow[]> {
  let q = db.selectFrom('split_tests').select(['name', 'brand_id', 'variants', 'weights', 'active', 'started_at', 'stopped_at']).where('brand_id', '=', brandId)
  if (name) q = q.where('name', '=', name)
  return q.orderBy('name').execute()
}

async function toAdmin(db: Db, brandId: string, rows: SplitTestRow[]): Promise<AdminSplitTest[]> {
  if (rows.length === 0) return []
  const names = rows.map((row) => row.name)
  const [visitors, brands] = await Promise.all([
    db
      .selectFrom('split_test_assignments')
      .select((eb) => ['test_name', eb.fn.countAll<string | number>().as('visitors')])
      .where('brand_id', '=', brandId)
      .where('test_name', 'in', names)
      .groupBy('test_name')
      .execute(),
    // the same test's name at other brands: names only, no brand's data
    db.selectFrom('split_tests').select(['name', 'brand_id']).where('name', 'in', names).orderBy('brand_id').execute(),
  ])
  return rows.map((row) => {
    const variants = readJson<string[]>(row.variants, [])
    return {
      name: row.name,
      variants,
      brands: brands.filter((brand) => brand.name === row.name).map((brand) => brand.brand_id),
      split: splitOf(variants, readJson<number[]>(row.weights, [])),
      status: statusOf(row),
      started_at: row.started_at,
      stopped_at: row.stopped_at,
      visitors: Number(visitors.find((count) => count.test_name === row.name)?.visitors ?? 0),
    }
  })
}

export async function listSplitTests(ctx: RequestContext): Promise<AdminSplitTest[]> {
  const { db, brandId } = ctx.data
  return toAdmin(db, brandId, await testRows(db, brandId))
}

async function readTest(db: Db, brandId: string, name: string): Promise<SplitTestRow> {
  const [row] = await testRows(db, brandId, name)
  if (!row) throw notFound(`There is no split test '${name}' in this store.`)
  return row
}

export async function getSplitTest(ctx: RequestContext, name: string): Promise<AdminSplitTest> {
  const { db, brandId } = ctx.data
  return (await toAdmin(db, brandId, [await readTest(db, brandId, name)]))[0]!
}

/** Brands beside this one where the operator may run split tests (a role with experiments.edit, not suspended). */
async function refuseOtherBrands(db: Db, staffId: string | null, here: string, brands: string[]): Promise<void> {
  const others = brands.filter((brand) => brand !== here)
  if (others.length === 0) return
  const known = await db.selectFrom('brands').select('id').where('id', 'in', others).execute()
  const unknown = others.find((brand) => !known.some((row) => row.id === brand))
  if (unknown) throw unprocessable(`There is no brand '${unknown}'.`, 'brands')
  const roles = staffId
    ? await db.selectFrom('staff_brand_roles').select(['brand_id', 'role', 'suspended']).where('staff_id', '=', staffId).where('brand_id', 'in', others).execute()
    : []
  const refused = others.find((brand) => {
    const role = roles.find((row) => row.brand_id === brand)
    return !role || role.suspended === 1 || !isStaffRole(role.role) || !staffMay(role.role, 'experiments.edit')
  })
  if (refused) throw forbidden(`You may not run split tests at ${refused}.`, 'brands')
}

export async function createSplitTest(
  ctx: RequestContext,
  actor: AuditActor,
  input: { name: string; variants: string[]; split?: number[]; brands?: string[] },
): Promise<AdminSplitTest> {
  const { db, brandId } = ctx.data
  const split = input.split ?? []
  if (split.length > 0 && split.length !== input.variants.length) throw unprocessable(`Give one share per variant (${input.variants.length}), or none for an even split.`, 'split')
  const brands = [...new Set([brandId, ...(input.brands ?? [])])]
  await db.transaction().execute(async (trx) => {
    await refuseOtherBrands(trx, actor.staffId, brandId, brands)
    const taken = await trx.selectFrom('split_tests').select('brand_id').where('name', '=', input.name).where('brand_id', 'in', brands).executeTakeFirst()
    if (taken) throw conflict(`There is a split test '${input.name}' at ${taken.brand_id} already. Choose another name.`, 'name')
    for (const brand of brands) {
      const row = { name: input.name, brand_id: brand, variants: JSON.stringify(input.variants), weights: JSON.stringify(split), active: 0, started_at: null, stopped_at: null }
      await trx.insertInto('split_tests').values(row).execute()
      await audited(trx, { ...actor, brandId: brand }, { action: 'split_test.create', entity: 'split_test', id: input.name, after: row })
    }
  })
  return getSplitTest(ctx, input.name)
}

export async function updateSplitTest(ctx: RequestContext, actor: AuditActor, name: string, input: { variants?: string[]; split?: number[] }): Promise<AdminSplitTest> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await readTest(trx, brandId, name)
    if (input.variants && statusOf(before) !== 'draft') throw conflict('The variants of a test that has run stay as they are: start a new test for new variants.', 'variants')
    const variants = input.variants ?? readJson<string[]>(before.variants, [])
    const split = input.split ?? (input.variants ? [] : readJson<number[]>(before.weights, []))
    if (split.length > 0 && split.length !== variants.length) throw unprocessable(`Give one share per variant (${variants.length}), or none for an even split.`, 'split')
    const change = { variants: JSON.stringify(variants), weights: JSON.stringify(split) }
    await trx.updateTable('split_tests').set(change).where('brand_id', '=', brandId).where('name', '=', name).execute()
    await audited(trx, actor, { action: 'split_test.update', entity: 'split_test', id: name, before, after: { ...before, ...change } })
  })
  return getSplitTest(ctx, name)
}

/** Starts (or starts again) a test: new visitors are assigned from now. */
export async function startSplitTest(ctx: RequestContext, actor: AuditActor, name: string): Promise<AdminSplitTest> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    const before = await readTest(trx, brandId, name)
    if (before.active === 1) throw conflict(`${name} is running already.`, 'name')
    const change = { active: 1, started_at: before.started_at ?? now, stopped_at: null }
    await trx.updateTable('split_tests').set(change).where('brand_id', '=', brandId).where('name', '=', name).execute()
    await audited(trx, actor, { action: 'split_test.start', entity: 'split_test', id: name, before: { active: before.active, stopped_at: before.stopped_at }, after: change })
  })
  return getSplitTest(ctx, name)
}

/** Stops a test: no visitor is assigned any more (the page shows its default, the control), and its results count orders until now. */
export async function stopSplitTest(ctx: RequestContext, actor: AuditActor, name: string): Promise<AdminSplitTest> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    const before = await readTest(trx, brandId, name)
    if (before.active !== 1) throw conflict(`${name} is not running.`, 'name')
    const change = { active: 0, stopped_at: now }
    await trx.updateTable('split_tests').set(change).where('brand_id', '=', brandId).where('name', '=', name).execute()
    await audited(trx, actor, { action: 'split_test.stop', entity: 'split_test', id: name, before: { active: before.active, stopped_at: before.stopped_at }, after: change })
  })
  return getSplitTest(ctx, name)
}

export async function splitTestResultsOf(ctx: RequestContext, name: string): Promise<SplitTestResults> {
  return readSplitTestResults(ctx.data.db, ctx.data.brandId, name)
}

/** The results of the brand's test (the route's work after the door; bench/split-tests.ts times it). */
export async function readSplitTestResults(db: Kysely<Database>, brandId: string, name: string): Promise<SplitTestResults> {
  const row = await readTest(db, brandId, name)
  const tallies = await tallyVariants(db, brandId, { name, variants: readJson<string[]>(row.variants, []), stoppedAt: row.active === 1 ? null : row.stopped_at })
  return splitTestResults({ name, status: statusOf(row) }, tallies, NORMAL)
}
