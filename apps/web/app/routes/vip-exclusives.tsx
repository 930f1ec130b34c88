/**
 * VIP exclusives: the styles only club members can shop. The brand's
 * 'vip-exclusives' category when it has one, else the VIP-exclusive items of
 * its main category. Everyone may look; the page invites non-members to join.
 * A brand without a club answers 404.
 */
import '../components/catalog/catalog.css'
import '../components/content/content.css'
import { notFound } from '../components/catalog/loader-helpers'
import { gridItem } from '../components/catalog/grid-item'
import { ProductGrid } from '../components/catalog/product-grid'
import { StoreLink } from '../components/store-link'
import { isStoreError } from '@store/core'
import type { ItemSummary } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { useCart, useStore } from '../lib/store/store-provider'
import { withoutJoinInvitation } from '../components/club/club'
import type { Route } from './+types/vip-exclusives'

const VIP_CATEGORY = 'vip-exclusives'

/** The main category's name from the main shopping path: '/category/leggings' -> 'leggings'. */
function mainCategoryName(path: string | null | undefined): string | null {
  const m = /^\/category\/([a-z0-9][a-z0-9_-]*)$/i.exec(path ?? '')
  return m?.[1] ?? null
}

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.services
  const settings = await store.settings()
  if (!settings.brandHasClub) throw notFound('This store has no club')
  let items: ItemSummary[] = []
  let description: string | null = null
  // for members: the category's words without its invitation to join (docs/club-membership.md)
  let memberDescription: string | null = null
  try {
    const category = await store.category(VIP_CATEGORY)
    items = category.items
    description = category.long_description ?? category.short_description ?? null
    memberDescription = withoutJoinInvitation(description)
  } catch (error) {
    if (!(isStoreError(error) && error.status === 404)) throw error
    const main = mainCategoryName(settings.mainShoppingPath)
    if (main) {
      const category = await store.category(main)
      items = category.items.filter((item) => item.vip_exclusive)
    }
  }
  return { items: items.map(gridItem), description, memberDescription }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'VIP Exclusives', { description: args.loaderData?.description ?? undefined })
}

export default function VipExclusives({ loaderData }: Route.ComponentProps) {
  const { items, description, memberDescription } = loaderData
  const { settings } = useStore()
  const { cart } = useCart()
  const clubName = settings.clubName || 'VIP'
  return (
    <div className="container page">
      <h1 className="page-title">{clubName} Exclusives</h1>
      {cart?.has_club ? memberDescription ? <p className="category-short">{memberDescription}</p> : null : description ? <p className="category-short">{description}</p> : null}
      {cart?.has_club ? (
        <p>Welcome back! These styles are made for {clubName} members like you.</p>
      ) : (
        <p className="category-promo" style={{ textAlign: 'left' }}>
          These styles are for {clubName} members.{' '}
          <StoreLink to="/vip" style={{ color: 'inherit' }}>
            Join {clubName} to shop them at member prices
          </StoreLink>
          .
        </p>
      )}
      {items.length ? <ProductGrid items={items} layout="1x1" headingLevel={2} /> : <p>New exclusives are on their way. Check back soon.</p>}
    </div>
  )
}
