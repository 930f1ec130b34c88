import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/database-template.ts'
import { DIALECTS } from '../test/harness.ts'
import type { StoreDb } from '../db/connection.ts'
import { loadOrderDetails } from './order-details.ts'

/**
 * A checkout writes "created", "paid" and its e-mail's entry at one instant: the history reads
 * them in that order whatever their ids (random UUIDs, and 'email:' ids, once sorted before a
 * UUID beginning with f, made the order of a test's entries change from run to run).
 */
describe.each(DIALECTS)('the entries of one instant (%s)', (dialect) => {
  let database: { store: StoreDb; close(): Promise<void> }
  beforeAll(async () => {
    database = await openTestDatabase(dialect)
  })
  afterAll(() => database.close())

  it('read created first, then the moves, then the e-mails', async () => {
    const at = '2031-01-01T10:00:00.000Z'
    const entry = (id: string, event: string) => ({
      id,
      brand_id: 'popfitclothing',
      order_number: 'HIST0001',
      event,
      before_status: null,
      after_status: null,
      actor: 'store',
      detail: '{}',
      visible_to_shopper: 1,
      at,
    })
    await database.store.db
      .insertInto('order_history')
      .values([entry('ffff-paid', 'paid'), entry('email:0000', 'email_sent'), entry('fff0-created', 'created')])
      .execute()
    const details = await loadOrderDetails(database.store.db, 'popfitclothing', ['HIST0001'], { shopperOnly: true })
    expect(details.get('HIST0001')?.history.map((row) => row.event)).toEqual(['created', 'paid', 'email_sent'])
  })

  it("reads a carrier's shipped and delivered sent with one time stamp in the life cycle's order, whatever their ids", async () => {
    const at = '2031-01-02T10:00:00.000Z'
    const move = (id: string, event: string, after: string) => ({
      id,
      brand_id: 'popfitclothing',
      order_number: 'HIST0002',
      event,
      before_status: null,
      after_status: after,
      actor: 'carrier:UPS',
      detail: '{}',
      visible_to_shopper: 1,
      at,
    })
    // the ids would put delivered first
    await database.store.db
      .insertInto('order_history')
      .values([move('0000-delivered', 'delivered', 'delivered'), move('ffff-shipped', 'shipped', 'shipped')])
      .execute()
    const details = await loadOrderDetails(database.store.db, 'popfitclothing', ['HIST0002'], { shopperOnly: true })
    expect(details.get('HIST0002')?.history.map((row) => row.event)).toEqual(['shipped', 'delivered'])
  })
})
