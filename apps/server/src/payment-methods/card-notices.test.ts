import type { PaymentMethod } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, saveCard, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * A shopper is told by e-mail of every change to the cards the account keeps (OWASP ASVS V2.5):
 * a card added, removed, or made the default, queued with the change. Brand, last four and
 * expiry name the card, nothing more.
 */
describe.each(DIALECTS)('saved card notices on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  async function customer(host = 'localhost') {
    const email = `card-notice-${n++}-${dialect}@example.com`
    const shopper = new TestShopper(t.app, host)
    expect((await shopper.post('/api/register', { name: 'Cary Cards', email, password: 'a-long-password-1' })).statusCode).toBe(200)
    return { shopper, email }
  }
  const cardMail = async (email: string) =>
    (await t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', email).orderBy('created_at').execute()).filter((mail) =>
      /card/i.test(mail.subject),
    )
  const year = new Date().getFullYear() + 3

  it('tells of a card added, another made the default, and the default removed (naming the one that takes its place)', async () => {
    const { shopper, email } = await customer()
    const origin = t.app.env.publicOrigins.popfitclothing
    await saveCard(shopper, CARDS.success)
    let mails = await cardMail(email)
    expect(mails.map((mail) => mail.subject)).toEqual(['A card was added to your PopFit Clothing account'])
    expect(mails[0]!.body).toContain(`Visa ending in 4242 (expires 12/${year}) was saved to your account.\nIt is your default card.`)
    expect(mails[0]!.body).toContain(`Your saved cards: ${origin}/change_payment`)
    expect(mails[0]!.body).toContain(`Did not make this change? Change your password at ${origin}/change_password`)

    const cards = await saveCard(shopper, '5555 5555 5555 4444')
    mails = await cardMail(email)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.body).toContain(`Mastercard ending in 4444 (expires 12/${year}) was saved to your account.`)
    expect(mails[1]!.body).not.toContain('default')

    const mastercard = cards.find((card) => card.last4 === '4444')!
    dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/${mastercard.id}/default`))
    // the default already: no change, no e-mail
    dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/${mastercard.id}/default`))
    mails = await cardMail(email)
    expect(mails.map((mail) => mail.subject).slice(2)).toEqual(['Your default card at PopFit Clothing changed'])
    expect(mails[2]!.body).toContain(`Your default card is now Mastercard ending in 4444 (expires 12/${year}).`)

    dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/${mastercard.id}/remove`))
    mails = await cardMail(email)
    expect(mails.map((mail) => mail.subject).slice(3)).toEqual(['A card was removed from your PopFit Clothing account'])
    expect(mails[3]!.body).toContain(
      `Mastercard ending in 4444 (expires 12/${year}) was removed from your account.\nYour default card is now Visa ending in 4242 (expires 12/${year}).`,
    )
    // never more of a card than its brand, last four and expiry
    for (const mail of mails) expect(mail.body.replace(/\s/g, '')).not.toMatch(/424242|555555|tok_/)
  })

  it('a card saved with make default says so; the same card saved again, or a refused one, tells nothing new', async () => {
    const { shopper, email } = await customer('ckb.localhost')
    await saveCard(shopper, CARDS.success)
    await saveCard(shopper, '5555 5555 5555 4444', true)
    let mails = await cardMail(email)
    expect(mails.map((mail) => mail.subject)).toEqual(['A card was added to your CKB Intimates account', 'A card was added to your CKB Intimates account'])
    expect(mails[1]!.body).toContain('Mastercard ending in 4444')
    expect(mails[1]!.body).toContain('It is your default card.')
    expect(mails[1]!.body).toContain(`${t.app.env.publicOrigins.ckb}/change_payment`)

    // the very same card (brand, last four, expiry) again: one card, as before
    await saveCard(shopper, '5555 5555 5555 4444')
    const refused = await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, CARDS.declined) })
    expect(refused.statusCode).toBe(402)
    mails = await cardMail(email)
    expect(mails).toHaveLength(2)
    // the same card as the Visa saved first, now asked to be the default: told as a change of default
    await saveCard(shopper, CARDS.success, true)
    mails = await cardMail(email)
    expect(mails.map((mail) => mail.subject).slice(2)).toEqual(['Your default card at CKB Intimates changed'])
    // a card the bank asks to confirm first, kept after the cardholder's step (completeCardSetup), is told too
    await saveCard(shopper, CARDS.authenticate)
    mails = await cardMail(email)
    expect(mails).toHaveLength(4)
    expect(mails[3]!.body).toContain('Visa ending in 3184')
  })

  it("another customer's card: a 404, and nobody is told anything", async () => {
    const owner = await customer()
    const [card] = await saveCard(owner.shopper, CARDS.success)
    const other = await customer()
    expect((await other.shopper.post(`/api/payment-methods/${card!.id}/remove`)).statusCode).toBe(404)
    expect((await other.shopper.post(`/api/payment-methods/${card!.id}/default`)).statusCode).toBe(404)
    expect(await cardMail(other.email)).toEqual([])
    expect(await cardMail(owner.email)).toHaveLength(1)
  })
})
