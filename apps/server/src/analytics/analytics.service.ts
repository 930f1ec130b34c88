import { randomUUID } from 'node:crypto'
import { isNewsletterClick, UTM_PARAMS } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { conversionsConfig, queueConversion } from './conversions.ts'
import { publicParams, publicText, publicUrl, publicValue } from './url-scrub.ts'

export interface PixelEventInput {
  uuid: string
  event_name: string
  event_json_data: Record<string, unknown>
  event_source_url?: string
  fbclid?: string
  limited_data_use: boolean
  /** the browser's User-Agent: the Conversions API's client_user_agent */
  userAgent?: string
}

/**
 * First-party copy of an advertising pixel event; a repeated uuid is stored once. Under the visitor of
 * the browser's session when it has one; a visitor without one gets none for it (the event is kept
 * under an id of its own). The pixel goes at once as each first page comes to life: a session made
 * here set a cookie then, and a registration or login sent while that call was on its way could be
 * undone by its answer's cookie, arriving after theirs (docs/architecture.md, "Sessions").
 */
export async function recordPixelEvent(ctx: RequestContext, event: PixelEventInput) {
  const { db, brandId } = ctx.data
  const session = await ctx.session.current()
  const visitorId = session?.visitorId ?? randomUUID()
  const now = new Date()
  const uuid = publicText(event.uuid)
  const eventName = publicText(event.event_name)
  // a live reset token in the page's address, a card number anywhere, must not be kept (docs/safety-rules.md)
  const data = publicValue(event.event_json_data)
  const sourceUrl = event.event_source_url === undefined ? null : publicUrl(event.event_source_url)
  const fbclid = publicText(event.fbclid) ?? null
  const conversions = conversionsConfig(ctx.env)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('pixel_events')
      .values({
        id: randomUUID(),
        brand_id: brandId,
        visitor_id: visitorId,
        uuid,
        event_name: eventName,
        event_json_data: JSON.stringify(data),
        event_source_url: sourceUrl,
        fbclid,
        limited_data_use: event.limited_data_use ? 1 : 0,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['brand_id', 'uuid']).doNothing())
      .execute()
    // the server-side twin, under the same event id (conversions.ts); sent later by its worker. Not a
    // Purchase: the server queues that itself when the order is paid (purchase-conversion.ts), under
    // the id the thank-you page's copy uses; a page's word alone never reports a purchase to Meta
    if (conversions && eventName !== 'Purchase') {
      await queueConversion(trx, {
        brandId,
        eventId: uuid,
        eventName,
        time: now,
        sourceUrl,
        customData: Object.fromEntries(Object.entries(data).filter(([name]) => name !== 'limited_data_use')),
        fbclid,
        clientIp: ctx.clientIp,
        userAgent: event.userAgent ?? null,
        externalIds: [visitorId, ...(session?.customerId ? [String(session.customerId)] : [])],
        limitedDataUse: event.limited_data_use || data.limited_data_use === true,
      })
    }
  })
}

/**
 * A visit's campaign parameters. Like a pixel event, a read by a visitor without a session makes none
 * and sets no cookie (DESIGN §4): the visit is kept under the session's visitor id when there is one,
 * else under an id of its own.
 */
export async function recordUtmVisit(ctx: RequestContext, params: Record<string, string>) {
  const { db, brandId } = ctx.data
  const visitorId = (await ctx.session.current())?.visitorId ?? randomUUID()
  const extras = publicParams(Object.fromEntries(Object.entries(params).filter(([name]) => !(UTM_PARAMS as readonly string[]).includes(name) && name !== 'host')))
  await db
    .insertInto('utm_visits')
    .values({
      id: randomUUID(),
      brand_id: brandId,
      visitor_id: visitorId,
      utm_source: publicText(params.utm_source) ?? null,
      utm_medium: publicText(params.utm_medium) ?? null,
      utm_campaign: publicText(params.utm_campaign) ?? null,
      utm_term: publicText(params.utm_term) ?? null,
      utm_content: publicText(params.utm_content) ?? null,
      extras: JSON.stringify(extras),
      newsletter_click: isNewsletterClick(params) ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute()
}
