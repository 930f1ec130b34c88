/**
 * The e-mail outbox worker: outbox_emails rows (order confirmations, password
 * resets, ...) delivered by a Mailer, from any number of instances at once, through the
 * outbox mechanism (jobs/outbox.ts: claimed with a lease, sent once, retried with backoff).
 *
 * - Sent one at a time: a refused e-mail is retried on its own.
 * - Recorded: sent_at, the server's message id and how it went (smtp or log).
 * - Branded: each goes as its text and, beside it, the HTML drawn from that text in its brand's
 *   layout (branded-email.ts), with the pictures of the order it is about (docs/emails.md).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { BRANDS, type Brand, brandsWithOrigins } from '../brands/registry.ts'
import type { StoreDb } from '../db/connection.ts'
import type { Env } from '../env.ts'
import { startJobLoop } from '../jobs/job-loop.ts'
import { type Outbox, type OutboxRound, type RoundOptions, sendDue } from '../jobs/outbox.ts'
import { brandedHtml } from './branded-email.ts'
import { prepareEmailLayouts } from './email-layout.ts'
import { mailerFor, type MailLog, type Mailer } from './mailer.ts'
import { orderPictures } from './order-pictures.ts'

const BATCH = 20

export interface DeliverOptions extends RoundOptions {
  /** SMTP_FROM: its address sends every brand's mail, under that brand's own name (brandSender) */
  from: string
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
export function deliverOutbox(store: StoreDb, mailer: Mailer, options: DeliverOptions): Promise<OutboxRound> {
  const brands = options.brands ?? BRANDS
  const outbox: Outbox<'outbox_emails'> = {
    table: 'outbox_emails',
    batch: BATCH,
    send: {
      each: async (email) => {
        const brand = brands.find((known) => known.id === email.brand_id)
        const html = brand ? await htmlOf(store, brand, email, options.log) : undefined
        const { messageId } = await mailer.send({ from: brandSender(options.from, brand?.name), to: email.to_email, subject: email.subject, text: email.body, html })
        return { message_id: messageId, delivered_via: mailer.via }
      },
    },
    failed: (email, { attempts, giveUp, message }) =>
      options.log?.warn({ email: email.id, brand: email.brand_id, attempts, err: message }, giveUp ? 'e-mail failed for good' : 'e-mail failed, will retry'),
  }
  return sendDue(store, outbox, options)
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
  const loop =
    env.OUTBOX_INTERVAL_MS > 0
      ? startJobLoop({ job: 'outbox', intervalMs: env.OUTBOX_INTERVAL_MS, firstAfterMs: 0, log, failure: 'outbox: delivery round failed' }, () =>
          deliverOutbox(store, mailer, { from: env.SMTP_FROM, workerId, log, brands }),
        )
      : undefined
  return async () => {
    await loop?.stop()
    await layouts
    mailer.close()
  }
}
