/**
 * /change_payment for an overdue member: a new default card (added, or made the default) is charged
 * the overdue month there and then on the server; the page says whether it paid, and, while the
 * month is still unpaid, what is overdue and when it is tried again.
 */
import { describe, expect, it } from 'vitest'
import { action, doneNotice, loader } from './change-payment'

type Status = 'active' | 'overdue' | null

function servicesFor(before: Status, after: Status) {
  let status = before
  return {
    account: async () => ({ membership_status: status }),
    membership: async () => (status === null ? null : { status, amount: 24.99, next_retry_date: '2026-12-02' }),
    paymentMethods: async () => [],
    paymentSetup: () => ({ gateway: 'test' }),
    addPaymentMethod: async () => {
      status = after
      return { status: 'succeeded' }
    },
    setDefaultPaymentMethod: async () => {
      status = after
      return []
    },
  }
}

async function post(body: string, before: Status, after: Status): Promise<string | null> {
  const request = new Request('http://localhost/change_payment', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  try {
    await action({ params: {}, request, context: { services: servicesFor(before, after) } } as never)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location')
    throw thrown
  }
  return null
}

describe('/change_payment for an overdue member', () => {
  it.each([
    ['intent=add&payment_token=tok_x&make_default=true', 'overdue', 'active', '/change_payment?done=added-paid'],
    ['intent=add&payment_token=tok_x&make_default=true', 'overdue', 'overdue', '/change_payment?done=added'],
    ['intent=add&payment_token=tok_x', 'active', 'active', '/change_payment?done=added'],
    ['intent=add&payment_token=tok_x', null, null, '/change_payment?done=added'],
    ['intent=default&id=pm_2', 'overdue', 'active', '/change_payment?done=default-paid'],
    ['intent=default&id=pm_2', 'overdue', 'overdue', '/change_payment?done=default'],
  ] as const)('%s, %s before and %s after: %s', async (body, before, after, location) => {
    expect(await post(body, before, after)).toBe(location)
  })

  it('the page says what is overdue and when it is tried again, only while it is', async () => {
    const read = async (status: Status) =>
      (
        (await loader({ params: {}, request: new Request('http://localhost/change_payment'), context: { services: servicesFor(status, status) } } as never)) as {
          overdueMonth: unknown
        }
      ).overdueMonth
    expect(await read('overdue')).toEqual({ amount: 24.99, nextRetry: '2026-12-02' })
    expect(await read('active')).toBeNull()
    expect(await read(null)).toBeNull()
  })
})

describe("/change_payment's notice of what was done", () => {
  it('says it on the page the action sent the customer to (?done=…)', () => {
    expect(doneNotice('added', false)).toBe('Your card is saved.')
    expect(doneNotice('removed', false)).toBe('The card is removed.')
    expect(doneNotice('nonsense', false)).toBeNull()
    expect(doneNotice(null, false)).toBeNull()
  })
  it('says it no more once another action answers there (a refused card, the bank asking): the answer is what is said', () => {
    expect(doneNotice('added', true)).toBeNull()
  })
})
