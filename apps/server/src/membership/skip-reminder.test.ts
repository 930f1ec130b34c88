import { randomUUID } from 'node:crypto'
import { addDays, PICK_CUTOFF_DAYS } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { billOn, member } from './club-test-kit.ts'
import { REMIND_DAYS_BEFORE_CUTOFF, sendSkipReminders, skipReminderId } from './skip-reminder.ts'

const quiet = { info() {}, warn() {}, error() {} }
const today = new Date().toISOString().slice(0, 10)
/** a billing date whose skip cut-off is `days` from today */
const billedWithCutoffIn = (days: number) => addDays(today, PICK_CUTOFF_DAYS + days)

describe.each(DIALECTS)('the reminder before the skip cut-off on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const reminders = (membershipId: string) => t.store.db.selectFrom('outbox_emails').selectAll().where('id', 'like', `skip-reminder:${membershipId}:%`).execute()

  it('reminds an active member a few days before the cut-off, once, with one link to skip', async () => {
    const m = await member(t)
    // too early: the cut-off is further away than the reminder's days
    await billOn(t, m.membershipId, billedWithCutoffIn(REMIND_DAYS_BEFORE_CUTOFF + 4))
    await sendSkipReminders(t.store, { log: quiet }, today)
    expect(await reminders(m.membershipId)).toEqual([])

    const billing = billedWithCutoffIn(2)
    await billOn(t, m.membershipId, billing)
    expect(await sendSkipReminders(t.store, { log: quiet }, today)).toBeGreaterThanOrEqual(1)
    const sent = await reminders(m.membershipId)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ id: skipReminderId(m.membershipId, billing.slice(0, 7)), to_email: m.email, brand_id: 'popfitclothing' })
    expect(sent[0]!.subject).toContain(addDays(billing, -PICK_CUTOFF_DAYS))
    // one link, to skip
    expect(sent[0]!.body.match(/https?:\/\/\S+\/skip-vip/g)).toHaveLength(1)
    // the next runs (this instance's next hour, another instance) send nothing more
    await Promise.all([sendSkipReminders(t.store, { log: quiet }, today), sendSkipReminders(t.store, { log: quiet }, today)])
    expect(await reminders(m.membershipId)).toHaveLength(1)
  })

  it('sends none to a member who skipped, paused or already picked the month, nor after the cut-off', async () => {
    const m = await member(t)
    const billing = billedWithCutoffIn(1)
    await billOn(t, m.membershipId, billing)
    for (const status of ['skipped', 'paused']) {
      await t.store.db.updateTable('memberships').set({ status }).where('id', '=', m.membershipId).execute()
      await sendSkipReminders(t.store, { log: quiet }, today)
      expect(await reminders(m.membershipId)).toEqual([])
    }
    await t.store.db.updateTable('memberships').set({ status: 'active' }).where('id', '=', m.membershipId).execute()
    const item = await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').executeTakeFirstOrThrow()
    await t.store.db
      .insertInto('membership_picks')
      .values({
        id: randomUUID(),
        brand_id: 'popfitclothing',
        membership_id: m.membershipId,
        period: billing.slice(0, 7),
        item_id: item.id,
        size: 'M',
        position: 0,
        created_at: new Date().toISOString(),
      })
      .execute()
    await sendSkipReminders(t.store, { log: quiet }, today)
    expect(await reminders(m.membershipId)).toEqual([])
    // past the cut-off there is nothing left to skip
    await t.store.db.deleteFrom('membership_picks').where('membership_id', '=', m.membershipId).execute()
    await billOn(t, m.membershipId, billedWithCutoffIn(-1))
    await sendSkipReminders(t.store, { log: quiet }, today)
    expect(await reminders(m.membershipId)).toEqual([])
  })
})
