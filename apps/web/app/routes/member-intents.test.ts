/**
 * The members' page actions do only what their form asks for: an intent that is
 * none of the page's own (misspelt, missing, bytes that are not text) is a 400
 * with a readable message, and no service is called (before, /cancel-vip
 * cancelled, /skip-vip skipped, /pause-vip paused and /vip-rejoin-test rejoined).
 */
import { StoreError } from '@store/core'
import { describe, expect, it } from 'vitest'
import { UNKNOWN_INTENT } from '../lib/intent'
import { action as cancelAction } from './cancel-vip'
import { action as pauseAction } from './pause-vip'
import { action as rejoinAction } from './vip-rejoin'
import { action as skipAction } from './skip-vip'

type AnyAction = (args: never) => Promise<unknown>

async function post(action: AnyAction, path: string, body: string) {
  const calls: string[] = []
  const membership = { status: 'active' }
  const record = (name: string) => async () => {
    calls.push(name)
    return membership
  }
  const services = {
    cancel: record('cancel'),
    pause: record('pause'),
    resume: record('resume'),
    skipMonth: record('skipMonth'),
    unskipMonth: record('unskipMonth'),
    rejoin: record('rejoin'),
  }
  const request = new Request(`http://localhost${path}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  let answer: unknown
  try {
    answer = await action({ params: {}, request, context: { services } } as never)
  } catch (thrown) {
    answer = thrown // a redirect (Response) after the main action
  }
  const status = answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200)
  const errors =
    answer instanceof Response ? [] : ((answer as { data?: { errors?: { message: string }[] } }).data?.errors ?? (answer as { errors?: { message: string }[] }).errors ?? [])
  return { status, errors, calls }
}

const pages: [string, AnyAction, string, string][] = [
  ['/cancel-vip', cancelAction as AnyAction, 'intent=cancel', 'cancel'],
  ['/pause-vip', pauseAction as AnyAction, 'intent=pause', 'pause'],
  ['/skip-vip', skipAction as AnyAction, 'intent=skip', 'skipMonth'],
  ['/vip-rejoin-test', rejoinAction as AnyAction, 'intent=rejoin', 'rejoin'],
]

describe("the members' page actions and their intent", () => {
  for (const [path, action, good, service] of pages) {
    for (const body of ['intent=zzz', 'intent=%ff%fe', '', 'intent=']) {
      it(`${path} with "${body}" is a 400 that changes nothing`, async () => {
        const answer = await post(action, path, body)
        expect(answer.status).toBe(400)
        expect(answer.errors).toEqual([{ message: UNKNOWN_INTENT }])
        expect(answer.calls).toEqual([])
      })
    }
    it(`${path} with "${good}" does it`, async () => {
      const answer = await post(action, path, good)
      expect(answer.status).toBeLessThan(400)
      expect(answer.calls).toEqual([service])
    })
  }
  it('/pause-vip resumes and /skip-vip takes a skip back on their own intents', async () => {
    expect((await post(pauseAction as AnyAction, '/pause-vip', 'intent=resume')).calls).toEqual(['resume'])
    expect((await post(skipAction as AnyAction, '/skip-vip', 'intent=unskip')).calls).toEqual(['unskipMonth'])
    expect((await post(cancelAction as AnyAction, '/cancel-vip', 'intent=skip')).calls).toEqual(['skipMonth'])
  })
})

describe('/vip-rejoin-test refused by the card', () => {
  it.each([
    [402, 'Your bank wants to confirm this payment with you, which it can only do at the VIP checkout.'],
    [422, 'There is no saved card to charge.'],
  ])('a %i shows its message and the way to the VIP checkout', async (status, message) => {
    const services = {
      rejoin: async () => {
        throw new StoreError(status, [{ field: 'payment_token', message }])
      },
    }
    const request = new Request('http://localhost/vip-rejoin-test', { method: 'POST', body: 'intent=rejoin', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    const answer = (await rejoinAction({ params: {}, request, context: { services } } as never)) as unknown as {
      data: { errors: { message: string }[]; noCard: boolean }
      init: { status: number }
    }
    expect(answer.init.status).toBe(status)
    expect(answer.data.errors.map((error) => error.message)).toEqual([message])
    expect(answer.data.noCard).toBe(true)
  })
})

describe('/cancel-vip, cancelled', () => {
  async function cancelWith(body: string): Promise<string | null> {
    const services = { cancel: async () => ({ status: 'cancelled' }) }
    const request = new Request('http://localhost/cancel-vip', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    try {
      await cancelAction({ params: {}, request, context: { services } } as never)
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get('location')
      throw thrown
    }
    return null
  }
  it('thanks the member for their reasons on the next page only when they gave some', async () => {
    expect(await cancelWith('intent=cancel')).toBe('/cancel_feedback?cancelled=1')
    expect(await cancelWith('intent=cancel&other=+++')).toBe('/cancel_feedback?cancelled=1')
    expect(await cancelWith('intent=cancel&reasons=Too+expensive')).toBe('/cancel_feedback?cancelled=1&told=1')
    expect(await cancelWith('intent=cancel&other=Saving+for+a+trip')).toBe('/cancel_feedback?cancelled=1&told=1')
  })
})
