import { createElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CustomerImages } from '../components/catalog/customer-images'
import { gridItem } from '../components/catalog/grid-item'
import { itemPageItem } from '../components/catalog/item-page-item'
import { ProductCard } from '../components/catalog/product-card'
import { ReviewList } from '../components/catalog/review-list'
import { VariantSwatches } from '../components/catalog/variant-swatches'
import ItemPage from '../routes/item'
import type { Cart, ItemDetail, Review, StoreSettings } from './api/types'
import { setBrandHtmlRenderer } from './brand-html'
import { deepFreeze } from './kept-value'
import { keepingMarkup, nextTurn, renderAsPage, renderRouteAsPage, testImage as image, testItemSummary as summary, testRootData } from './page-render.test-kit'
import type { RootData } from './root-data'

/** An item page as the catalogue answers it, for one price list (club members pay the member price). */
function itemDetail(club: boolean): ItemDetail {
  const price = club ? 31.99 : 39.99
  return deepFreeze({
    ...summary(1001, price, 31.99),
    orderedImageKeys: ['image1', 'image2'],
    additionalImages: [],
    customerImages: [image('customer-1', 600, 800), image('customer-2', 600, 800)],
    bulletSections: [{ header: 'Fabric', icon: 'fabric', bullets: [{ value: 'Brushed', icon: 'check', description: 'Soft to the touch' }] }],
    variants: [
      { id: 1001, link: '/item/1001', color: 'Black', swatch: '#111111', image: null, availableSizes: ['M'], itemGroupIds: [] },
      { id: 1002, link: '/item/1002', color: 'Navy', swatch: '#112244', image: null, availableSizes: [], itemGroupIds: [] },
    ],
    matchingItems: [summary(1010, club ? 23.99 : 29.99, 23.99), summary(1011, club ? 27.99 : 34.99, 27.99, { availableSizes: [] })],
    categories: [{ name: 'leggings', title: 'Leggings', link: '/category/leggings' }],
    reviewSummary: { count: 2, average: 4.5 },
  } as unknown as ItemDetail)
}

const reviewsRead = (): Review[] =>
  deepFreeze([
    {
      id: 'r1',
      item_id: 1001,
      first_name: 'Mia',
      last_initial: 'B',
      instagram: '@mia',
      rating: 5,
      would_you_recommend_us: true,
      images: ['/uploads/reviews/a.jpg'],
      about_your_product: 'So soft <3',
      sizing_fit: 'True to size',
      how_do_you_style: null,
      where_travel: null,
      how_was_your_first_order: null,
      created_at: '2026-09-05T10:00:00.000Z',
      verified_buyer: true,
    },
    {
      id: 'r2',
      item_id: 1001,
      first_name: 'Ana',
      last_initial: '',
      instagram: null,
      rating: 4,
      would_you_recommend_us: false,
      images: [],
      about_your_product: 'Good',
      sizing_fit: null,
      how_do_you_style: 'With a hoodie',
      where_travel: null,
      how_was_your_first_order: null,
      created_at: '2026-08-01T10:00:00.000Z',
      verified_buyer: false,
    },
  ] as unknown as Review[])
const reviews = reviewsRead()

const settings = deepFreeze({
  storeName: 'PopFit',
  brandHasClub: true,
  clubName: 'VIP',
  sizingGuide: [],
} as unknown as StoreSettings)

const rootData = (cart: Partial<Cart>): RootData => testRootData(settings, cart)

interface Shopper {
  root: RootData
  item: ItemDetail
  reviews: Review[]
  url: string
  selectedSize: string | null
}

/**
 * A logged-in shopper without the club who just saved the item, and a club member who
 * is not logged in, each with the item of their price list as the catalogue caches it
 * (the item's first reviews are one cached value for both).
 */
function twoShoppers(): [Shopper, Shopper] {
  const read = reviewsRead()
  return [
    { root: rootData({ loggedin: true, has_club: false }), item: itemDetail(false), reviews: read, url: '/item/1001?wishlist=added', selectedSize: 'M' },
    { root: rootData({ loggedin: false, has_club: true }), item: itemDetail(true), reviews: read, url: '/item/1001', selectedSize: null },
  ]
}

/** The item page of a shopper, rendered under the store's context as the page renders it. */
function itemPage({ root, item, reviews, url, selectedSize }: Shopper): Promise<string> {
  const loaderData = { root, 'routes/item': { item: itemPageItem(item), reviews, selectedSize } }
  return renderRouteAsPage({ id: 'routes/item', path: 'item/:id', Component: ItemPage }, url, loaderData)
}

describe('kept parts of an item page', () => {
  afterEach(() => setBrandHtmlRenderer(null))

  it('are byte for byte what the page renders itself, and made once per cached value', async () => {
    const [saver, member] = twoShoppers()
    setBrandHtmlRenderer(null)
    const plain = [await itemPage(saver), await itemPage(member)]
    const made = keepingMarkup()
    // the first pages render every part themselves and have the markup made afterwards
    expect([await itemPage(saver), await itemPage(member)]).toEqual(plain)
    await nextTurn()
    const parts = made.length
    // breadcrumbs, swatches, bullets, customer photos, reviews, two matching cards and their grid
    // (every image lazy: kept whole), for each price list (reviews shared)
    expect(parts).toBe(15)
    expect([await itemPage(saver), await itemPage(member)]).toEqual(plain)
    await nextTurn()
    expect(made.length).toBe(parts)
    for (const html of made) expect(plain[0]!.includes(html) || plain[1]!.includes(html)).toBe(true)
  })

  it('hold nothing of a shopper, and each shopper sees their own page', async () => {
    const [saver, member] = twoShoppers()
    const made = keepingMarkup()
    await itemPage(saver)
    await itemPage(member)
    await nextTurn()
    const [saverPage, memberPage] = [await itemPage(saver), await itemPage(member)]
    expect(made).toHaveLength(15)
    for (const html of made) {
      // no member price offer, no wishlist, no size picked, no cart
      expect(html).not.toMatch(/members pay|item-member-price|wishlist|Log in|size-option|checked|cart/i)
    }
    expect(saverPage).toContain('members pay <strong>$31.99</strong>')
    expect(saverPage).toContain('Saved to your wishlist')
    expect(saverPage).toMatch(/value="M" checked=""|checked="" [^>]*value="M"/)
    expect(saverPage).toContain('$29.99')
    expect(memberPage).not.toContain('members pay')
    expect(memberPage).not.toContain('Saved to your wishlist')
    expect(memberPage).toContain('Log in to save to your wishlist')
    expect(memberPage).not.toMatch(/checked=""/)
    // each price list its own cards: the club's prices for the member only
    expect(memberPage).toContain('$23.99')
    expect(memberPage).not.toContain('$29.99')
    expect(saverPage).not.toContain('$23.99')
  })
})

describe('kept parts elsewhere', () => {
  afterEach(() => setBrandHtmlRenderer(null))

  it('a product card below the fold is kept, one whose image loads eagerly never is', async () => {
    const card = gridItem(deepFreeze(summary(1020, 44.99, 35.99, { original_price: 54.99 })))
    const lazy = createElement('ul', null, createElement(ProductCard, { item: card, headingLevel: 2, sizes: '50vw' }))
    const eager = createElement('ul', null, createElement(ProductCard, { item: card, eager: true }))
    const plain = [await renderAsPage(lazy), await renderAsPage(eager)]
    const made = keepingMarkup()
    expect([await renderAsPage(lazy), await renderAsPage(eager)]).toEqual(plain)
    await nextTurn()
    expect(made).toHaveLength(1)
    expect([await renderAsPage(lazy), await renderAsPage(eager)]).toEqual(plain)
    expect(made).toHaveLength(1)
    expect(made[0]).toContain('loading="lazy"')
    expect(plain[0]).toContain('<s class="price-was">')
  })

  it('the same card object for every page showing a cached item', () => {
    const item = deepFreeze(summary(1030, 39.99, 31.99))
    expect(gridItem(item)).toBe(gridItem(item))
    expect(Object.isFrozen(gridItem(item))).toBe(true)
    // a value that could still change is copied each time, never kept
    const open = summary(1031, 39.99, 31.99)
    expect(gridItem(open)).not.toBe(gridItem(open))
  })

  it('reviews with a fractional rating (a gradient id of the page tree) are rendered in place', async () => {
    const fractional = deepFreeze([{ ...reviews[0]!, id: 'r3', rating: 3.5 }]) as Review[]
    const list = createElement(ReviewList, { reviews: fractional })
    const plain = await renderAsPage(list)
    const made = keepingMarkup()
    await renderAsPage(list)
    await nextTurn()
    expect(await renderAsPage(list)).toBe(plain)
    expect(made).toHaveLength(0)
    expect(plain).toContain('linearGradient')
  })

  it('customer photos, swatches and whole-star reviews keep what the page renders', async () => {
    const item = itemDetail(false)
    const parts = [
      createElement(CustomerImages, { images: item.customerImages, itemName: item.name }),
      createElement(VariantSwatches, { variants: item.variants, currentId: item.id, currentColor: item.color }),
      createElement(ReviewList, { reviews, headingLevel: 2, itemLinks: true }),
    ]
    const plain = await Promise.all(parts.map(renderAsPage))
    const made = keepingMarkup()
    await Promise.all(parts.map(renderAsPage))
    await nextTurn()
    expect(made).toHaveLength(3)
    expect(await Promise.all(parts.map(renderAsPage))).toEqual(plain)
    expect(plain[2]).toContain('See the item')
    expect(plain[0]).toContain('&lt;view&gt; &amp; &quot;more&quot;')
  })
})
