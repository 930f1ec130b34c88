/**
 * The e-mail outbox worker: outbox_emails rows (order confirmations, password
 * resets, ...) delivered by a Mailer, from any number of instances at once.
 *
 * - Claimed atomically: one UPDATE takes a lease (claimed_by, claimed_until) on
 *   due rows nobody holds; the database re-checks the condition under its row
 *   lock, so two instances never take one row (on PostgreSQL they skip each
 *   other's locked rows: SKIP LOCKED), and a crashed worker's lease simply runs out.
 * - Retried with backoff: a failure counts the attempt, records the error and
 *   waits 30 s, 1, 2, 4 ... minutes (at most an hour); after MAX_ATTEMPTS it
 *   is marked failed and left for an operator.
 * - Recorded: sent_at, the server's message id and how it went (smtp or log).
 * - Branded: each goes as its text and, beside it, the HTML drawn from that text in its brand's
 *   layout (branded-email.ts), with the pictures of the order it is about (docs/emails.md).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { BRANDS, type Brand, brandsWithOrigins } from '../brands/registry.ts'
import type { StoreDb } from '../db/connection.ts'
import type { Env } from '../env.ts'
import { brandedHtml } from './branded-email.ts'
import { prepareEmailLayouts } from './email-layout.ts'
import { mailerFor, type MailLog, type Mailer } from './mailer.ts'
import { orderPictures } from './order-pictures.ts'
import { timedJob } from '../operations/metrics.ts'

const MAX_ATTEMPTS = 8
const LEASE_MS = 5 * 60 * 1000
const BATCH = 20

function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1))
}

export interface DeliveryResult {
  sent: number
  retrying: number
  failed: number
}

export interface DeliverOptions {
  /** SMTP_FROM: its address sends every brand's mail, under that brand's own name (brandSender) */
  from: string
  now?: Date
  workerId?: string
  batch?: number
  log?: MailLog
  /** the brands at this deployment's origins (the registry's production ones when not given): the HTML's header, footer and pictures */
  brands?: readonly Brand[]
}

/**
 * The From of a brand's e-mail: the brand's name over SMTP_FROM's address, so a CKB Intimates
 * customer's inbox says CKB Intimates (SMTP_FROM's own name, one for every brand, said 'Store', or
 * another brand's name). A row of no known brand keeps SMTP_FROM as it is.
 */
export function brandSender(from: string, brandName: string | undefined): string {
  if (!brandName) return from
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim()
  return `"${brandName.replace(/["\\]/g, '\\$&')}" <${address}>`
}

/** Claims the due e-mails and sends each once; returns what happened. */
export async function deliverOutbox(store: StoreDb, mailer: Mailer, options: DeliverOptions): Promise<DeliveryResult> {
  const { db } = store
  const now = options.now ?? new Date()
  const nowText = now.toISOString()
  const workerId = options.workerId ?? randomUUID()
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString()
  const dueRows = db
    .selectFrom('outbox_emails')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowText)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .orderBy('created_at')
    .limit(options.batch ?? BATCH)
  // PostgreSQL: workers running at once take different rows instead of waiting on the same ones
  const due = store.dialect === 'postgres' ? dueRows.forUpdate().skipLocked() : dueRows
  await db
    .updateTable('outbox_emails')
    .set({ claimed_by: workerId, claimed_until: leaseUntil })
    .where('id', 'in', due)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .execute()
  const claimed = await db
    .selectFrom('outbox_emails')
    .select(['id', 'brand_id', 'to_email', 'subject', 'body', 'attempts', 'order_number'])
    .where('claimed_by', '=', workerId)
    .where('claimed_until', '=', leaseUntil)
    .where('sent_at', 'is', null)
    .execute()

  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 }
  const brands = options.brands ?? BRANDS
  for (const email of claimed) {
    const attempts = email.attempts + 1
    try {
      const brand = brands.find((known) => known.id === email.brand_id)
      const html = brand ? await htmlOf(store, brand, email, options.log) : undefined
      const { messageId } = await mailer.send({ from: brandSender(options.from, brand?.name), to: email.to_email, subject: email.subject, text: email.body, html })
      await db
        .updateTable('outbox_emails')
        .set({ sent_at: new Date().toISOString(), message_id: messageId, delivered_via: mailer.via, attempts, last_error: null, claimed_by: null, claimed_until: null })
        .where('id', '=', email.id)
        .where('claimed_by', '=', workerId)
        .execute()
      result.sent += 1
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      const giveUp = attempts >= MAX_ATTEMPTS
      await db
        .updateTable('outbox_emails')
        .set({
          attempts,
          last_error: message,
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          failed_at: giveUp ? nowText : null,
          claimed_by: null,
          claimed_until: null,
        })
        .where('id', '=', email.id)
        .where('claimed_by', '=', workerId)
        .execute()
      options.log?.warn({ email: email.id, brand: email.brand_id, attempts, err: message }, giveUp ? 'e-mail failed for good' : 'e-mail failed, will retry')
      if (giveUp) result.failed += 1
      else result.retrying += 1
    }
  }
  return result
}

/**
 * The e-mail's HTML; an e-mail whose HTML cannot be drawn still goes, as its text alone (the
 * text says everything the HTML does), and the log says why.
 */
async function htmlOf(
  store: StoreDb,
  brand: Brand,
  email: { id: string; subject: string; body: string; order_number: string | null },
  log: MailLog | undefined,
): Promise<string | undefined> {
  try {
    const pictures = email.order_number ? await orderPictures(store.db, brand, email.order_number) : []
    return await brandedHtml(brand, { subject: email.subject, body: email.body, pictures })
  } catch (error) {
    log?.error({ email: email.id, brand: brand.id, err: error }, 'e-mail: its HTML could not be drawn, sent as text alone')
    return undefined
  }
}

/** How many e-mails wait (for tests and operators). */
export async function pendingEmails(store: StoreDb): Promise<number> {
  const row = await store.db.selectFrom('outbox_emails').select(sql<number>`count(*)`.as('n')).where('sent_at', 'is', null).where('failed_at', 'is', null).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Runs the worker in this process every OUTBOX_INTERVAL_MS; returns stop(). */
export function startOutboxWorker(store: StoreDb, env: Env, log: MailLog): () => Promise<void> {
  const mailer = mailerFor(env, log)
  const brands = brandsWithOrigins(env.publicOrigins)
  // MJML compiled now, once per brand, not when the first e-mail waits for it
  const layouts = prepareEmailLayouts(brands).then(
    (ms) => log.info({ ms }, 'e-mail layouts compiled'),
    (error: unknown) => log.error({ err: error }, 'e-mail layouts did not compile: e-mails go as text alone'),
  )
  const workerId = randomUUID()
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const tick = () => {
    if (stopped) return
    running = timedJob('outbox', () => deliverOutbox(store, mailer, { from: env.SMTP_FROM, workerId, log, brands })).catch((error: unknown) =>
      log.error({ err: error }, 'e-mail outbox: delivery round failed'),
    )
  }
  const timer = env.OUTBOX_INTERVAL_MS > 0 ? setInterval(tick, env.OUTBOX_INTERVAL_MS) : undefined
  timer?.unref()
  if (timer) tick()
  return async () => {
    stopped = true
    if (timer) clearInterval(timer)
    await layouts
    await running
    mailer.close()
  }
}
