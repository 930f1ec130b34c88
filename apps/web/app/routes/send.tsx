/**
 * Send: share an item (/send?item=ID) or the store's club with a friend
 * (docs/decisions/010-send.md). The page builds a link to the store's own page
 * with campaign parameters (utm_source=send) that the store already records
 * (SPEC §7 utm-data), and offers the shopper's own e-mail or messaging app and a
 * copy button. The store sends nothing itself: no form that mails strangers.
 */
import { useState } from 'react'
import '../components/members/members.css'
import { orNotFound } from '../components/catalog/loader-helpers'
import { useHydrated } from '../components/catalog/use-hydrated'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta, storeNameOf } from '../lib/meta'
import type { Route } from './+types/send'

export const meta: Route.MetaFunction = (args) => pageMeta(args, `Send to a friend`, { noindex: true, description: `Share with a friend from ${storeNameOf(args.matches)}.` })

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const itemParam = url.searchParams.get('item')
  const item = itemParam && /^\d{1,10}$/.test(itemParam) ? await orNotFound(context.services.item(itemParam)) : null
  const settings = await context.services.settings()
  const path = item ? `/item/${item.id}` : settings.brandHasClub ? '/vip' : '/'
  const campaign = item ? 'item' : settings.brandHasClub ? 'club' : 'store'
  // the brand's configured public origin: a shared link never carries the address this request came in on
  const link = new URL(path, context.brand.publicOrigin)
  link.search = new URLSearchParams({ utm_source: 'send', utm_medium: 'share', utm_campaign: campaign }).toString()
  return {
    item: item ? { id: item.id, name: item.name, color: item.color } : null,
    clubName: settings.brandHasClub ? settings.clubName || 'VIP' : null,
    storeName: settings.storeName,
    link: link.href,
  }
}

export default function Send({ loaderData }: Route.ComponentProps) {
  const { item, clubName, storeName, link } = loaderData
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const what = item ? `${item.name}${item.color ? ` in ${item.color}` : ''}` : clubName ? `${storeName} ${clubName}` : storeName
  const subject = item ? `I found this at ${storeName}: ${item.name}` : `You should see ${storeName}`
  const body = `I thought you would like ${what}:\n${link}`
  const mailto = `mailto:?${new URLSearchParams({ subject, body }).toString().replace(/\+/g, '%20')}`
  const sms = `sms:?&body=${encodeURIComponent(body)}`
  return (
    <Page title="Send to a friend">
      <p>
        Share <strong>{what}</strong> with a friend. The link opens {item ? 'the item' : clubName ? `our ${clubName} club page` : 'our shop'} for them.
      </p>
      <div className="field">
        <label htmlFor="send-link">Link to share</label>
        <input id="send-link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <div className="member-card-actions">
        <a className="button button-primary" href={mailto}>
          Send by email
        </a>
        <a className="button button-secondary" href={sms}>
          Send by text message
        </a>
        {hydrated && typeof navigator !== 'undefined' && navigator.clipboard ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              void navigator.clipboard.writeText(link).then(() => setCopied(true))
            }}
          >
            Copy link
          </button>
        ) : null}
      </div>
      <p role="status">{copied ? 'Link copied.' : ''}</p>
      {item ? (
        <p>
          <StoreLink to={`/item/${item.id}`}>Back to {item.name}</StoreLink>
        </p>
      ) : null}
    </Page>
  )
}
