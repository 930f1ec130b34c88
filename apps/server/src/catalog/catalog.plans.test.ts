import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANY_CUSTOMER_IMAGES_ITEM } from '../db/seed/constants.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { categoryCardsQuery, itemNeighboursQuery } from './catalog.queries.ts'

/**
 * The catalogue's statements read what they answer by index, whatever the catalogue's size
 * (docs/performance.md, "The catalogue: 1,000, 10,000 and 100,000 items"; decision 266): the plans
 * SQLite's `explain query plan` and PostgreSQL's `explain` give for them.
 */
describe.each(DIALECTS)('catalogue plans on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
    // the planner's statistics, as a live store keeps them (SQLite at start-up, PostgreSQL's autovacuum)
    await sql`analyze`.execute(t.store.db)
  })
  afterAll(() => t.close())

  async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile()
    const explain = dialect === 'sqlite' ? 'explain query plan' : 'explain'
    const rows = await t.store.db.executeQuery<Record<string, string>>(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]))
    return rows.rows.map((row) => row.detail ?? row['QUERY PLAN'] ?? '').join('\n')
  }

  const cards = (page?: { limit: number; after: { position: number; itemId: number } | null }) =>
    categoryCardsQuery(t.store.db, 'popfitclothing', 'leggings', ['image1', 'image2'], page)

  // SQLite's plan is the same at any size. PostgreSQL's follows its estimates: on the demo's small
  // catalogue it reads the category's rows and sorts them (cheaper there); at 100,000 items it reads
  // a page through item_categories_in_order, a whole category by hash join and sort (docs/performance.md)
  it.runIf(dialect === 'sqlite')("reads a page of a category's cards through the index in the category's order, with no sort", async () => {
    for (const page of [
      { limit: 49, after: null },
      { limit: 49, after: { position: 0, itemId: 1 } },
    ]) {
      const plan = await planOf(cards(page))
      expect(plan).toMatch(/item_categories_in_order/)
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|\bSort\b/)
    }
  })

  it.runIf(dialect === 'sqlite')('reads a whole category in its order from the index, with no sort and no other item of the brand', async () => {
    const plan = await planOf(cards())
    expect(plan).toMatch(/SEARCH item_categories USING COVERING INDEX item_categories_in_order \(category_id=\?\)/)
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/)
    expect(plan).not.toMatch(/SCAN items|items USING INDEX/)
  })

  it("finds an item's variants and matching items by index, not by testing every item of the brand", async () => {
    const plan = await planOf(itemNeighboursQuery(t.store.db, 'popfitclothing', MANY_CUSTOMER_IMAGES_ITEM.popfitclothing.itemId))
    expect(plan).not.toMatch(/\bSCAN items\b/)
    // PostgreSQL: no `style = ... or id in (...)` tested on each item (it read the whole brand for it)
    expect(plan).not.toMatch(/\bOR\b/)
  })
})
