import { randomInt } from 'node:crypto'
import { pickVariant, type TestGroupAssignment } from '@store/core'
import type { Kysely } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { readJson } from '../db/json.ts'
import { notFound, unprocessable } from '../http/errors.ts'

/**
 * Split-test assignment: sticky per visitor, stored in the database so every
 * instance gives the same answer; a new visitor by the test's split (the operator's, or even). The first assignment wins a race (insert or
 * ignore on the visitor's key, then read back).
 */
export async function assignTestGroup(ctx: RequestContext, key: string, offered: string[]): Promise<TestGroupAssignment> {
  const { db, brandId } = ctx.data
  const test = await db.selectFrom('split_tests').select(['variants', 'weights']).where('brand_id', '=', brandId).where('name', '=', key).where('active', '=', 1).executeTakeFirst()
  if (!test) throw notFound(`There is no split test '${key}' running for this store.`)
  const defined = readJson<string[]>(test.variants, [])
  const weights = readJson<number[]>(test.weights, [])
  const variants = offered.length > 0 ? defined.filter((variant) => offered.includes(variant)) : defined
  // the operator's split over the variants offered (an even one where none is set: Vip4sh as seeded)
  const shares = weights.length === defined.length ? variants.map((variant) => weights[defined.indexOf(variant)]!) : []
  if (variants.length === 0) throw unprocessable(`None of the values offered is a variant of '${key}'.`, 'values')

  // an assignment is kept for the visitor: this is a write, so the visitor gets a session
  const { visitorId } = await ctx.session.ensure()
  const existing = await findAssignment(db, brandId, key, visitorId)
  if (existing) return existing
  await db
    .insertInto('split_test_assignments')
    .values({
      brand_id: brandId,
      test_name: key,
      visitor_id: visitorId,
      value: pickVariant(variants, shares, randomInt(1_000_000) / 1_000_000),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'test_name', 'visitor_id']).doNothing())
    .execute()
  return (await findAssignment(db, brandId, key, visitorId))!
}

async function findAssignment(db: Kysely<Database>, brandId: string, key: string, visitorId: string): Promise<TestGroupAssignment | null> {
  const row = await db
    .selectFrom('split_test_assignments')
    .select(['value'])
    .where('brand_id', '=', brandId)
    .where('test_name', '=', key)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst()
  return row ? { key, value: row.value } : null
}
