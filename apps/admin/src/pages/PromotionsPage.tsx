/** Promotions: discount codes (server-side pages, sorted and filtered by status) and order bumps, each with how it sells. */
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, money, type AdminBundleOffer, type AdminDiscountCode, type AdminOneTimeOffer, type AdminOrderBump, type AdminSocialMediaSpecial } from '../api.ts'
import { OfferSection } from './OfferSection.tsx'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

interface CodesAnswer {
  discount_codes: AdminDiscountCode[]
  next_cursor: string | null
}

const STATUSES = ['running', 'scheduled', 'ended'] as const

const terms = (code: AdminDiscountCode) =>
  [
    code.kind === 'amount' ? `${money(code.amount)} off` : `${code.percentage}% off`,
    code.minimum_order > 0 ? `orders of ${money(code.minimum_order)}+` : null,
    code.included_classes.length ? `only ${code.included_classes.join(', ')}` : null,
    code.excluded_classes.length ? `not ${code.excluded_classes.join(', ')}` : null,
    code.club_only ? 'members' : null,
    code.first_order_only ? 'first order' : code.one_per_customer ? 'one per customer' : null,
  ]
    .filter(Boolean)
    .join(' · ')

export function PromotionsPage() {
  const [params, setParams] = useSearchParams()
  const status = params.get('status') ?? ''
  const sort = params.get('sort') === '-code' ? '-code' : 'code'
  const cursor = params.get('cursor') ?? ''
  const [codes, setCodes] = useState<CodesAnswer | null>(null)
  const [bumps, setBumps] = useState<AdminOrderBump[] | null>(null)
  const [offers, setOffers] = useState<AdminOneTimeOffer[] | null>(null)
  const [bundles, setBundles] = useState<AdminBundleOffer[] | null>(null)
  const [specials, setSpecials] = useState<AdminSocialMediaSpecial[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { may } = useSession()

  useEffect(() => {
    let current = true
    const search = new URLSearchParams({ sort })
    if (status) search.set('status', status)
    if (cursor) search.set('cursor', cursor)
    api<CodesAnswer>(`/promotions/discount-codes?${search}`)
      .then((data) => current && setCodes(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The codes could not be loaded.'))
    return () => {
      current = false
    }
  }, [status, sort, cursor])

  useEffect(() => {
    api<{ order_bumps: AdminOrderBump[] }>('/promotions/order-bumps')
      .then((data) => setBumps(data.order_bumps))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The order bumps could not be loaded.'))
    api<{ one_time_offers: AdminOneTimeOffer[] }>('/promotions/one-time-offers')
      .then((data) => setOffers(data.one_time_offers))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The one-time offers could not be loaded.'))
    api<{ bundle_offers: AdminBundleOffer[] }>('/promotions/bundle-offers')
      .then((data) => setBundles(data.bundle_offers))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The bundle offers could not be loaded.'))
    api<{ social_media_specials: AdminSocialMediaSpecial[] }>('/promotions/social-media-specials')
      .then((data) => setSpecials(data.social_media_specials))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The social media specials could not be loaded.'))
  }, [])

  const withParams = (change: Record<string, string>) => {
    const next = new URLSearchParams({ ...(status ? { status } : {}), sort, ...change })
    for (const [key, value] of [...next]) if (!value) next.delete(key)
    return `?${next}`
  }

  return (
    <>
      <PageTitle title="Promotions">Promotions</PageTitle>
      <Notice error={error} />
      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading">Discount codes</h2>
        {may('promotions.edit') && (
          <p>
            <Link to="/promotions/codes/new">New discount code</Link>
          </p>
        )}
        <form className="inline-form filters" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="status">Status</label>
          <select id="status" value={status} onChange={(event) => setParams(withParams({ status: event.target.value, cursor: '' }).slice(1))}>
            <option value="">All</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value[0]!.toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
        </form>
        {codes && (
          <>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
            <section className="table-wrap" aria-label="Discount codes" tabIndex={0}>
              <table>
                <caption className="visually-hidden">Discount codes</caption>
                <thead>
                  <tr>
                    <th scope="col" aria-sort={sort === 'code' ? 'ascending' : 'descending'}>
                      <Link to={withParams({ sort: sort === 'code' ? '-code' : 'code', cursor: '' })}>Code {sort === 'code' ? '↑' : '↓'}</Link>
                    </th>
                    <th scope="col">Terms</th>
                    <th scope="col">Status</th>
                    <th scope="col">Uses</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.discount_codes.map((code) => (
                    <tr key={code.id}>
                      <td>
                        <Link to={`/promotions/codes/${encodeURIComponent(code.id)}`}>{code.code}</Link>
                      </td>
                      <td>{terms(code)}</td>
                      <td>{code.status}</td>
                      <td>
                        {code.uses}
                        {code.max_uses !== null ? ` of ${code.max_uses}` : ''}
                      </td>
                      <td>{code.sales.taken}</td>
                      <td>{money(code.sales.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            {codes.discount_codes.length === 0 && <p>No codes match.</p>}
            <nav aria-label="Pages of discount codes" className="pager">
              {cursor && <Link to={withParams({ cursor: '' })}>First page</Link>}
              {codes.next_cursor && <Link to={withParams({ cursor: codes.next_cursor })}>Next page</Link>}
            </nav>
          </>
        )}
      </section>
      <OfferSection
        id="bumps"
        title="Order bumps"
        about="Offered before payment at /checkout-ob, one after another in this order."
        columns={['Item', 'Price']}
        rows={bumps?.map((bump) => ({
          id: bump.id,
          to: `/promotions/bumps/${encodeURIComponent(bump.id)}`,
          name: bump.headline,
          cells: [bump.item_name, money(bump.price)],
          sales: bump.sales,
        }))}
      />
      <OfferSection
        id="offers"
        title="One-time offers"
        about="Offered after payment at /special-offer, one after another in this order."
        columns={['Pieces', 'Price']}
        rows={offers?.map((offer) => ({
          id: offer.id,
          to: `/promotions/offers/${encodeURIComponent(offer.id)}`,
          name: offer.headline,
          cells: [`${offer.how_many} × ${offer.short_item_name}`, money(offer.price)],
          sales: offer.sales,
        }))}
      />
      <OfferSection
        id="bundles"
        title="Bundle offers"
        about="A price for so many pieces of these categories together, taken in the cart. Shown counts views of their categories' pages."
        add={may('promotions.edit') ? { to: '/promotions/bundles/new', label: 'New bundle offer' } : undefined}
        columns={['Categories', 'Pieces', 'Price']}
        rows={bundles?.map((bundle) => ({
          id: bundle.id,
          to: `/promotions/bundles/${encodeURIComponent(bundle.id)}`,
          name: bundle.offer_id,
          cells: [bundle.categories.join(', '), String(bundle.how_many), money(bundle.price)],
          sales: bundle.sales,
        }))}
      />
      <OfferSection
        id="specials"
        title="Social media specials and free gifts"
        about="Landing pages for ads at /social_media_specials/{address}; a special at $0 is a free gift (the shopper pays shipping)."
        add={may('promotions.edit') ? { to: '/promotions/specials/new', label: 'New special or free gift' } : undefined}
        columns={['Address', 'Item', 'Price']}
        rows={specials?.map((special) => ({
          id: special.id,
          to: `/promotions/specials/${encodeURIComponent(special.id)}`,
          name: special.landing_page_headline,
          cells: [special.permalink, special.item_name ?? 'Ended', special.free_gift ? 'Free gift' : money(special.price)],
          sales: special.sales,
        }))}
      />
    </>
  )
}
