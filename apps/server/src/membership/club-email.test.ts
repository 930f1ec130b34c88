import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandsWithOrigins } from '../brands/registry.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { runBilling, type BillingOptions } from './billing.ts'
import { billOn, member } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }
const brandRegistry = brandsWithOrigins({ popfitclothing: 'https://shop.popfit.example' })
const options = (): BillingOptions => ({ gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'], brandRegistry })

describe.each(DIALECTS)('club e-mails (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  const mailTo = (email: string) => t.store.db.selectFrom('outbox_emails').select(['subject', 'body', 'brand_id']).where('to_email', '=', email).orderBy('created_at').execute()
  const clubMail = async (email: string) => (await mailTo(email)).filter((mail) => mail.subject.includes('VIP'))

  async function cardWill(membershipId: string, behaviour: 'decline' | 'succeed') {
    const m = await t.store.db.selectFrom('memberships').select('payment_method_id').where('id', '=', membershipId).executeTakeFirstOrThrow()
    const method = await t.store.db.selectFrom('payment_methods').select('gateway_token').where('id', '=', m.payment_method_id!).executeTakeFirstOrThrow()
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour }).where('token', '=', method.gateway_token).execute()
  }

  it('a month paid: one e-mail with the amount, the card and links from the brand’s public origin, even when billing runs twice', async () => {
    const m = await member(t)
    expect(await clubMail(m.email)).toEqual([])
    await billOn(t, m.membershipId, '2026-12-01')
    await runBilling(t.store, options(), '2026-12-01')
    await runBilling(t.store, options(), '2026-12-01')
    const mails = await clubMail(m.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ brand_id: 'popfitclothing', subject: 'PopFit Clothing VIP: December 2026 paid' })
    expect(mails[0]!.body).toContain('Hi Vera,')
    expect(mails[0]!.body).toContain('We charged $24.99 to your Visa ending in 4242 for your VIP membership for December 2026.')
    expect(mails[0]!.body).toContain('https://shop.popfit.example/members')
    expect(mails[0]!.body).not.toContain('popfitclothing.com')
  })

  it('a declined charge tells the member when it is tried again and where to change the card; retries say nothing; the end is told once', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, '2027-03-05')
    await cardWill(m.membershipId, 'decline')
    await runBilling(t.store, options(), '2027-03-05')
    let mails = await clubMail(m.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['PopFit Clothing VIP: we could not charge your card'])
    expect(mails[0]!.body).toContain('We will try again on March 6, 2027.')
    expect(mails[0]!.body).toContain('https://shop.popfit.example/change_payment')
    for (const day of ['2027-03-06', '2027-03-07', '2027-03-08', '2027-03-09']) await runBilling(t.store, options(), day)
    expect(await clubMail(m.email)).toHaveLength(1)
    await runBilling(t.store, options(), '2027-03-12')
    await runBilling(t.store, options(), '2027-03-13')
    mails = await clubMail(m.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['PopFit Clothing VIP: we could not charge your card', 'PopFit Clothing VIP: your membership has ended'])
    expect(mails[1]!.body).toContain('You will not be charged again.')
    expect(mails[1]!.body).toContain('https://shop.popfit.example/vip')
  })

  it('a paid retry says the month is paid', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, '2027-04-15')
    await cardWill(m.membershipId, 'decline')
    await runBilling(t.store, options(), '2027-04-15')
    await cardWill(m.membershipId, 'succeed')
    await runBilling(t.store, options(), '2027-04-16')
    expect((await clubMail(m.email)).map((mail) => mail.subject)).toEqual(['PopFit Clothing VIP: we could not charge your card', 'PopFit Clothing VIP: April 2027 paid'])
  })
})
