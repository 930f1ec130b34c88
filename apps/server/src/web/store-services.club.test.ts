/** The Members Area's club services: the membership with the coming box's pick, in one read, and the pick saved from the page. */
import type { MemberClub, StoreError } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandForHost, brandsWithOrigins } from '../brands/registry.ts'
import { createRequestContext } from '../context/request-context.ts'
import { billOn, daysFromToday, member, registered } from '../membership/club-test-kit.ts'
import { dataOf, DIALECTS, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'
import { routeStatements, statementsOf } from '../test/statements.ts'
import { createStoreServices } from './store-services.ts'

const silent = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)('the Members Area club services on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const servicesOf = (shopper: TestShopper, host = 'localhost') => {
    const brand = brandForHost(host, brandsWithOrigins(t.app.env.publicOrigins))!
    const sessionToken = shopper.cookieHeader.match(/sid=([^;]+)/)![1]!
    return createStoreServices(createRequestContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, { brand, sessionToken, clientIp: '127.0.0.1', log: silent }))
  }

  it('gives a member their state, billing and the open pick, and keeps the pick chosen on the page', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const club = (await servicesOf(m.shopper).memberClub())!
    expect(club.membership).toMatchObject({ status: 'active', next_billing_date: daysFromToday(20), cutoff_passed: false })
    expect(club.membership.actions).toEqual(expect.arrayContaining(['skip', 'pause', 'cancel']))
    expect(club.picks).toMatchObject({ open: true, closed_reason: null, picks: [] })
    const choice = club.picks!.choices[0]!
    const saved = await servicesOf(m.shopper).saveMonthlyPicks({ item_id: String(choice.item_id), size: choice.sizes[0]! })
    expect(saved.picks).toEqual([expect.objectContaining({ item_id: choice.item_id, size: choice.sizes[0] })])
    // a new request (a reload) reads it back
    const again = (await servicesOf(m.shopper).memberClub())!
    expect(again.picks!.picks).toEqual([expect.objectContaining({ item_id: choice.item_id, name: choice.name, size: choice.sizes[0] })])
  })

  it('closes the pick of a skipped or paused month, saying why, and refuses a save for it', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const before = (await servicesOf(m.shopper).memberClub())!
    const choice = before.picks!.choices[0]!
    await servicesOf(m.shopper).skipMonth()
    const skipped = (await servicesOf(m.shopper).memberClub())!
    expect(skipped.membership.status).toBe('skipped')
    expect(skipped.picks).toMatchObject({ open: false, choices: [] })
    expect(skipped.picks!.closed_reason).toMatch(/^You have skipped .+: no box is sent, so there is nothing to pick/)
    const refused = await servicesOf(m.shopper)
      .saveMonthlyPicks({ item_id: String(choice.item_id), size: choice.sizes[0]! })
      .catch((error: unknown) => error as StoreError)
    expect(refused).toMatchObject({ status: 409, errors: [{ message: skipped.picks!.closed_reason }] })
    // the API says the same
    const api = await m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: choice.item_id, size: choice.sizes[0] }] })
    expect(api.statusCode).toBe(409)
    expect(dataOf<{ closed_reason: string | null }>(await m.shopper.get('/api/membership/picks')).closed_reason).toBe(skipped.picks!.closed_reason)

    await servicesOf(m.shopper).unskipMonth()
    await servicesOf(m.shopper).pause()
    const paused = (await servicesOf(m.shopper).memberClub())!
    expect(paused.picks).toMatchObject({ open: false, closed_reason: expect.stringMatching(/^Your membership is paused/) })
  })

  it('after the cut-off the pick is closed with its date; a cancelled member has no pick; a customer who never joined has no club', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(2))
    const settled = (await servicesOf(m.shopper).memberClub())!
    expect(settled.membership.cutoff_passed).toBe(true)
    expect(settled.picks).toMatchObject({ open: false, choices: [], closed_reason: expect.stringMatching(/^Picks for .+ closed on /) })
    await servicesOf(m.shopper).cancel({})
    const cancelled = (await servicesOf(m.shopper).memberClub())!
    expect(cancelled.membership.status).toBe('cancelled')
    expect(cancelled.membership.actions).toContain('rejoin')
    expect(cancelled.picks).toBeNull()
    const never = await registered(t)
    expect(await servicesOf(never.shopper).memberClub()).toBeNull()
  })

  it('does not offer a cancel while a box is being packed, as GET /membership', async () => {
    const m = await member(t)
    await t.store.db.updateTable('orders').set({ status: 'packing' }).where('membership_id', '=', m.membershipId).execute()
    const club = (await servicesOf(m.shopper).memberClub())!
    expect(club.membership.actions).not.toContain('cancel')
    expect(club.membership.actions).toEqual(dataOf<{ actions: string[] }>(await m.shopper.get('/api/membership')).actions)
    await t.store.db.updateTable('orders').set({ status: 'shipped' }).where('membership_id', '=', m.membershipId).execute()
    expect((await servicesOf(m.shopper).memberClub())!.membership.actions).toContain('cancel')
  })

  it('names the Members Area when a pick is not one of the choices', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const vip = await t.store.db
      .selectFrom('items')
      .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('items.vip_exclusive', '=', 1)
      .executeTakeFirstOrThrow()
    const refused = await m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: vip.id, size: vip.size }] })
    expect(refused.statusCode).toBe(422)
    expect(errorsOf(refused)).toEqual([`Item ${vip.id} is not one of this month's choices: pick one of the items offered in your Members Area.`])
  })

  it('reads the Members Area of a member with an open pick in a few statements', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const services = servicesOf(m.shopper)
    await services.settings()
    // what the members page's loader asks for (the settings are cached, as on every page)
    const statements = routeStatements(await statementsOf(t.store, () => Promise.all([services.settings(), services.account(), services.latestOrder(), services.memberClub()])))
    const club = (await services.memberClub()) as MemberClub
    expect(club.picks!.choices.length).toBeGreaterThan(0)
    // a page reads at most 6 (issue 6): the account (with its pending e-mail and club state), the latest
    // order's headline, the membership (with the packing check), its picks and the choices
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(6)
  })
})
