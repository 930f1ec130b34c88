/**
 * A made-up club for measuring the health figures (docs/admin-club.md, "Figures"):
 * `members` memberships joined over `months` months up to `today`, each living month by
 * month as members do (skips, pauses, the save offer, cancels, failed charges recovered
 * by a retry or a new card or lapsed, rejoins), written as customers, memberships in their
 * last state, and their history (membership_events). Deterministic for a seed. Charges
 * and orders are not made: the figures do not read them.
 */
import { addDays, daysBetween, isMemberState, monthsBetween } from '@store/core'
import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface ClubSeedOptions {
  brandId: string
  members: number
  months: number
  /** 'YYYY-MM-DD': the last day of the history */
  today: string
  seed?: number
}

/** mulberry32: a small seeded generator, so a seed gives the same club each time. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const REASONS = [
  'Too expensive',
  'I have enough clothes for now',
  'I did not like my monthly items',
  'Sizing or fit was not right',
  'I forget to skip months',
  'Shipping took too long',
]
const OTHER_ANSWERS = ['moving abroad', 'too many e-mails', 'money is tight this year', 'prefer to shop the sale', 'baby on the way']
const RETRY_DAYS = [1, 2, 3, 4, 7]

type EventRow = Insertable<Database['membership_events']>

/** Writes the made-up club; returns how many memberships and events it wrote. */
export async function seedClub(db: Kysely<Database>, options: ClubSeedOptions): Promise<{ memberships: number; events: number }> {
  const next = random(options.seed ?? 1)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const startDay = addMonths(options.today, -options.months)
  const span = daysBetween(startDay, options.today)
  const BATCH = 400
  let events = 0
  let pendingEvents: EventRow[] = []
  let customers: Insertable<Database['customers']>[] = []
  let memberships: Insertable<Database['memberships']>[] = []

  const flush = async () => {
    if (customers.length > 0) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('customers').values(customers).execute()
        await trx.insertInto('memberships').values(memberships).execute()
        for (let i = 0; i < pendingEvents.length; i += BATCH)
          await trx
            .insertInto('membership_events')
            .values(pendingEvents.slice(i, i + BATCH))
            .execute()
      })
    }
    events += pendingEvents.length
    customers = []
    memberships = []
    pendingEvents = []
  }

  for (let n = 0; n < options.members; n++) {
    const id = `seed-${options.brandId}-${n}`
    // more join lately: the club grows
    const joinDay = addDays(startDay, Math.floor(Math.sqrt(next()) * span))
    const createdAt = `${joinDay}T${String(8 + Math.floor(next() * 12)).padStart(2, '0')}:00:00.000Z`
    let state = 'active'
    let reasons: string[] | null = null
    let cancelledAt: string | null = null
    let k = 0
    const add = (day: string, event: string, to: string, extra: Partial<EventRow> = {}) => {
      const at = `${day}T${String(9 + (k % 10)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}:00.000Z`
      k += 1
      pendingEvents.push({
        id: `${id}-${k}`,
        brand_id: options.brandId,
        membership_id: id,
        at,
        day,
        month: day.slice(0, 7),
        event,
        from_status: event === 'join' && k === 1 ? null : state,
        to_status: to,
        cause: null,
        retry_day: null,
        staff_id: null,
        detail_json: null,
        ...extra,
      })
      state = to
    }
    add(joinDay, 'join', 'active')
    // month by month from the join: what this member does before each billing date
    for (let billing = addMonths(joinDay, 1); billing <= options.today; billing = addMonths(billing, 1)) {
      const before = addDays(billing, -8)
      const roll = next()
      if (state === 'active') {
        if (roll < 0.1) {
          add(before, 'skip', 'skipped')
          add(billing, 'period_started', 'active')
        } else if (roll < 0.13) {
          add(before, 'pause', 'paused')
        } else if (roll < 0.19) {
          // the cancel page: the save offer shown to most, some take it
          const offered = next() < 0.7
          if (offered) add(before, 'save_offer_shown', state)
          const saved = offered ? next() : 1
          if (saved < 0.2) {
            add(before, 'skip', 'skipped')
            add(billing, 'period_started', 'active')
          } else if (saved < 0.3) add(before, 'pause', 'paused')
          else {
            reasons = next() < 0.15 ? [`Other: ${pick(OTHER_ANSWERS)}`] : [pick(REASONS), ...(next() < 0.3 ? [pick(REASONS)] : [])]
            cancelledAt = `${before}T12:00:00.000Z`
            add(before, 'cancel', 'cancelled', { detail_json: JSON.stringify({ reasons: [...new Set(reasons)] }) })
          }
        } else if (roll < 0.24) {
          add(billing, 'charge_failed', 'overdue')
          const outcome = next()
          const day = pick(RETRY_DAYS)
          if (outcome < 0.55) add(addDays(billing, day), 'charge_succeeded', 'active', { cause: 'retry', retry_day: day })
          else if (outcome < 0.7) add(addDays(billing, day), 'charge_succeeded', 'active', { cause: 'new_card', retry_day: day })
          else if (addDays(billing, 7) <= options.today) add(addDays(billing, 7), 'retries_exhausted', 'lapsed', { retry_day: 7 })
        }
      } else if (state === 'paused') {
        if (roll < 0.2) add(before, 'resume', 'active')
        else if (roll < 0.25) {
          reasons = [pick(REASONS)]
          cancelledAt = `${before}T12:00:00.000Z`
          add(before, 'cancel', 'cancelled', { detail_json: JSON.stringify({ reasons }) })
        }
      } else if (!isMemberState(state) && roll < 0.02) {
        cancelledAt = null
        add(before, 'rejoin', 'active')
      }
    }
    // events are written up to today only
    pendingEvents = pendingEvents.filter((event) => event.membership_id !== id || event.day <= options.today)
    const last = pendingEvents.filter((event) => event.membership_id === id).at(-1)
    const status = last?.to_status ?? 'active'
    customers.push({ id: `c-${id}`, brand_id: options.brandId, name: `Member ${n}`, email: `${id}@example.com`, created_at: createdAt })
    memberships.push({
      id,
      brand_id: options.brandId,
      customer_id: `c-${id}`,
      status,
      amount_cents: 2499,
      next_billing_date: isMemberState(status) ? addMonths(joinDay, monthsBetween(joinDay.slice(0, 7), options.today.slice(0, 7)).length) : null,
      created_at: createdAt,
      joined_on: joinDay,
      cancelled_at: status === 'cancelled' ? cancelledAt : null,
      cancel_reasons: status === 'cancelled' && reasons ? JSON.stringify(reasons) : null,
      billing_day: Number(joinDay.slice(8, 10)),
    })
    if (customers.length >= 250) await flush()
  }
  await flush()
  return { memberships: options.members, events }
}

/** The same day `months` months on (or back), clamped to the month's end. */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const total = y * 12 + (m - 1) + months
  const year = Math.floor(total / 12)
  const month = (total % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}
