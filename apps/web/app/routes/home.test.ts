/**
 * The home page's parts kept as markup (the highlights, the featured categories, the
 * featured grid, the club's offer): byte for byte what the page renders itself, made
 * once per cached value, holding nothing of a shopper.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Cart, Category, MembershipLanding, StoreSettings } from '../lib/api/types'
import { setBrandHtmlRenderer } from '../lib/brand-html'
import { deepFreeze } from '../lib/kept-value'
import { keepingMarkup, nextTurn, renderRouteAsPage, testItemSummary, testRootData } from '../lib/page-render.test-kit'
import type { RootData } from '../lib/root-data'
import Home, { loader } from './home'

const picture = (name: string, width: number, height: number) => ({ url: `/media/${name}-${width}x${height}.svg`, width, height, alt: `${name} <b> & "so"` })

const settings = deepFreeze({
  storeName: 'PopFit',
  brandHasClub: true,
  showClubOffer: true,
  clubName: 'VIP',
  mainShoppingPath: '/category/leggings',
  mainProductPlural: 'leggings',
  sizingGuide: [],
  footerMenu: [],
  globalBanner: null,
  scrollingImages: [picture('hero', 1200, 500), picture('sizes', 1200, 500), picture('squat', 1200, 500)],
  headerMenu: [
    { caption: 'Leggings', link: '/category/leggings', dropdownImage: picture('leggings', 400, 500), children: [] },
    { caption: 'Tops', link: '/category-group/tops', dropdownImage: picture('tops', 400, 500), children: [] },
    { caption: 'Sale', link: '/page/sale', dropdownImage: null, children: [] },
  ],
} as unknown as StoreSettings)

/** The main category as the catalogue caches it, for one price list. */
const category = (club: boolean) =>
  deepFreeze({
    name: 'leggings',
    title: 'Leggings',
    short_description: 'Buttery soft.',
    items: [testItemSummary(1001, club ? 31.99 : 39.99, 31.99), testItemSummary(1002, club ? 35.99 : 44.99, 31.99), testItemSummary(1003, club ? 27.99 : 34.99, 31.99)],
  } as unknown as Category)

const landing = deepFreeze({
  headline: 'Join the <club>',
  subheadline: 'Save on every order',
  faqs: [],
  founder_letter_name: 'Jo',
  founder_letter_bullets: ['20 % off', 'Free shipping', 'Early access', 'A fourth'],
  price: 9.95,
  how_many: 1,
} as MembershipLanding)

const rootData = (cart: Partial<Cart>): RootData => testRootData(settings, cart)

/** The home loader's answer for a price list, from the cached values (as the store's services hand them). */
async function homeData(club: boolean, cachedCategory = category(club)) {
  const services = { settings: async () => settings, category: async () => cachedCategory, membershipLanding: async () => landing }
  return loader({ context: { brand: { hasOwnHome: true }, services } } as unknown as Parameters<typeof loader>[0])
}

/** The home page of a shopper, rendered under the store's context as the page renders it. */
function homePage(root: RootData, data: Awaited<ReturnType<typeof homeData>>): Promise<string> {
  return renderRouteAsPage({ id: 'routes/home', Component: Home }, '/', { root, 'routes/home': data })
}

describe('kept parts of the home page', () => {
  afterEach(() => setBrandHtmlRenderer(null))

  it('are byte for byte what the page renders itself, made once per cached value', async () => {
    // a shopper who is no member (sees the club's offer, visitor prices), a member (club prices, no offer)
    const visitorCategory = category(false)
    const memberCategory = category(true)
    const shopper = { root: rootData({ loggedin: true, has_club: false }), data: await homeData(false, visitorCategory) }
    const member = { root: rootData({ loggedin: true, has_club: true }), data: await homeData(true, memberCategory) }
    setBrandHtmlRenderer(null)
    const plain = [await homePage(shopper.root, shopper.data), await homePage(member.root, member.data)]
    const made = keepingMarkup()
    expect([await homePage(shopper.root, shopper.data), await homePage(member.root, member.data)]).toEqual(plain)
    await nextTurn()
    // highlights and featured categories (one settings), the club's offer, a grid and its three cards per price list
    expect(made).toHaveLength(2 + 1 + 2 * (1 + 3))
    // the next pages, their loader run again on the same cached values, are written from the kept markup
    const again = [await homePage(shopper.root, await homeData(false, visitorCategory)), await homePage(member.root, await homeData(true, memberCategory))]
    expect(again).toEqual(plain)
    await nextTurn()
    expect(made).toHaveLength(11)
    for (const html of made) expect(plain[0]!.includes(html) || plain[1]!.includes(html)).toBe(true)
  })

  it('hold nothing of a shopper, and each shopper sees their own page', async () => {
    const made = keepingMarkup()
    const shopper = { root: rootData({ loggedin: true, has_club: false }), data: await homeData(false) }
    const member = { root: rootData({ loggedin: false, has_club: true }), data: await homeData(true) }
    await homePage(shopper.root, shopper.data)
    await homePage(member.root, member.data)
    await nextTurn()
    const [shopperPage, memberPage] = [await homePage(shopper.root, shopper.data), await homePage(member.root, member.data)]
    expect(made.length).toBeGreaterThan(0)
    for (const html of made) expect(html).not.toMatch(/Log in|Your account|cart|wishlist|members pay/i)
    // the club's offer only for the shopper who is not a member
    expect(shopperPage).toContain('class="club-offer"')
    expect(memberPage).not.toContain('class="club-offer"')
    // each price list its own featured cards
    expect(shopperPage).toContain('$39.99')
    expect(shopperPage).not.toContain('$31.99')
    expect(memberPage).toContain('$31.99')
    expect(memberPage).not.toContain('$39.99')
  })

  it('one featured list per cached category, made afresh for a value that could still change', async () => {
    const cached = category(false)
    const [first, second] = [await homeData(false, cached), await homeData(false, cached)]
    if (first.kind !== 'own' || second.kind !== 'own') throw new Error('a home of its own')
    expect(second.featured).toBe(first.featured)
    expect(Object.isFrozen(first.featured)).toBe(true)
    const open = { ...cached, items: [...cached.items] } as Category
    const [a, b] = [await homeData(false, open), await homeData(false, open)]
    if (a.kind !== 'own' || b.kind !== 'own') throw new Error('a home of its own')
    expect(a.featured).not.toBe(b.featured)
    expect(a.featured).toEqual(first.featured)
  })
})
