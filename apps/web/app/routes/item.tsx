/**
 * Item detail. The item (with its variants, bullet sections and matching items)
 * is awaited and a missing item is a 404; its first reviews are read beside it
 * and rendered in the server's HTML, so a reader without JavaScript (or a
 * crawler) sees them (a failed read shows a note, never an error). The size
 * remembered in the selected_size cookie is pre-selected when the item has it in stock.
 */
import '../components/catalog/catalog.css'
import { AddToCartForm } from '../components/catalog/add-to-cart-form'
import '../components/members/members.css'
import { WishlistButton } from '../components/members/wishlist-button'
import { BulletSections } from '../components/catalog/bullet-sections'
import { CustomerImages } from '../components/catalog/customer-images'
import { ItemGallery } from '../components/catalog/item-gallery'
import { itemImages } from '../components/catalog/item-images'
import { notFound, orNotFound, settle } from '../components/catalog/loader-helpers'
import { Price } from '../components/catalog/price'
import { itemPageItem } from '../components/catalog/item-page-item'
import { ProductGrid } from '../components/catalog/product-grid'
import { productJsonLd } from '../components/catalog/product-jsonld'
import { Stars } from '../components/catalog/rating-stars'
import { ReviewList } from '../components/catalog/review-list'
import { initialSize, readSelectedSize } from '../components/catalog/selected-size'
import { VariantSwatches } from '../components/catalog/variant-swatches'
import { StoreLink } from '../components/store-link'
import { keptPart } from '../lib/kept-part'
import { formatPrice } from '@store/core'
import type { ItemDetail, Review } from '../lib/api/types'
import { canonicalUrl, notFoundMeta, pageMeta, publicOriginOf, storeNameOf } from '../lib/meta'
import { useCart, useStore } from '../lib/store/store-provider'
import type { Route } from './+types/item'

/** Reviews shown on the item page; the rest are on the reviews page. */
const ITEM_REVIEWS = 6

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) throw notFound('No such item')
  const store = context.services
  // both reads at once; reviews are awaited too (not deferred): a deferred part never resolves without JavaScript
  const [item, reviews] = await Promise.all([
    orNotFound(store.item(params.id)),
    settle<Review[] | null>(store.reviews({ itemId: params.id, perPage: ITEM_REVIEWS }), null, 'item reviews'),
  ])
  const remembered = readSelectedSize(request.headers.get('cookie'))
  return {
    // matching items travel as grid cards, not whole items (made once per cached item)
    item: itemPageItem(item),
    reviews,
    selectedSize: initialSize(item.availableSizes, remembered, context.brand.id),
  }
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  if (!data) return notFoundMeta(args)
  const { item } = data
  const storeName = storeNameOf(args.matches)
  const image = itemImages(item)[0]
  const description = item.description || `${item.name}${item.color ? ` in ${item.color}` : ''} from ${storeName}.`
  const title = item.color ? `${item.name} - ${item.color}` : item.name
  // the item's own address on the brand's public origin, whatever path or host it was asked by
  const canonicalPath = `/item/${item.id}`
  const url = canonicalUrl(args, canonicalPath)
  const origin = publicOriginOf(args.matches)
  return [
    ...pageMeta(args, title, { description, image: image ?? null, socialTitle: item.name, ogType: 'product', canonicalPath }),
    { property: 'product:price:amount', content: item.price.toFixed(2) },
    { property: 'product:price:currency', content: 'USD' },
    ...(url && origin ? [{ 'script:ld+json': productJsonLd({ item, url, origin, brandName: storeName }) }] : []),
  ]
}

function MemberPrice({ item }: { item: Pick<ItemDetail, 'price' | 'member_price'> }) {
  const { settings } = useStore()
  const { cart } = useCart()
  if (!settings.brandHasClub || item.member_price == null || item.member_price >= item.price || cart?.has_club) return null
  return (
    <p className="item-member-price">
      {settings.clubName || 'VIP'} members pay <strong>{formatPrice(item.member_price)}</strong>. <StoreLink to="/vip">Learn about {settings.clubName || 'VIP'}</StoreLink>
    </p>
  )
}

/** The way back: home, the item's first category, the item. */
function Breadcrumbs({ item }: { item: Pick<ItemDetail, 'name' | 'categories'> }) {
  const category = item.categories?.[0]
  return (
    <ol>
      <li>
        <StoreLink to="/">Home</StoreLink>
      </li>
      {category ? (
        <li>
          <StoreLink to={category.link}>{category.title}</StoreLink>
        </li>
      ) : null}
      <li aria-current="page">{item.name}</li>
    </ol>
  )
}

export default function ItemPage({ loaderData }: Route.ComponentProps) {
  const { item, reviews, selectedSize } = loaderData
  const summary = item.reviewSummary
  const hasReviews = !!summary && summary.count > 0 && summary.average !== null

  return (
    <div className="container item-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb" {...keptPart(item, 'breadcrumbs', () => <Breadcrumbs item={item} />)} />

      <div className="item-main">
        <ItemGallery item={item} />
        <div className="item-buy">
          {item.itemTypeName ? <p className="item-type">{item.itemTypeName}</p> : null}
          <h1 className="item-title">{item.name}</h1>
          <p className="item-price">
            <Price price={item.price} original={item.original_price} />
          </p>
          <MemberPrice item={item} />
          {hasReviews ? (
            <a className="item-rating-link" href="#reviews">
              <Stars rating={summary.average ?? 0} />
              <span>
                {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
              </span>
            </a>
          ) : null}
          <VariantSwatches variants={item.variants ?? []} currentId={item.id} currentColor={item.color} />
          <AddToCartForm key={item.id} item={item} initialSize={selectedSize} />
          <WishlistButton key={`wish-${item.id}`} itemId={item.id} />
          <p className="item-send">
            <StoreLink to={`/send?item=${item.id}`}>Send to a friend</StoreLink>
          </p>
          {item.description ? <p className="item-description">{item.description}</p> : null}
          <BulletSections sections={item.bulletSections ?? []} />
        </div>
      </div>

      <CustomerImages images={item.customerImages ?? []} itemName={item.name} />

      <section className="item-section" id="reviews" aria-labelledby="reviews-title" tabIndex={-1}>
        <h2 id="reviews-title">Reviews</h2>
        {hasReviews ? (
          <>
            <div className="review-summary">
              <Stars rating={summary.average ?? 0} />
              <span>
                {summary.average} out of 5, from {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
              </span>
            </div>
            {reviews?.length ? <ReviewList reviews={reviews} /> : <p>Reviews could not be loaded just now.</p>}
            <p>
              <StoreLink to="/customer_reviews">Read all customer reviews</StoreLink>
            </p>
          </>
        ) : (
          <p>No reviews yet. Bought this? We would love to hear what you think.</p>
        )}
      </section>

      {item.matchingItems?.length ? (
        <section className="item-section" aria-labelledby="matching-title">
          <h2 id="matching-title">Complete the look</h2>
          <ProductGrid items={item.matchingItems} layout="catch-all" eagerCount={0} headingLevel={3} />
        </section>
      ) : null}
    </div>
  )
}
